import type { PackageRecord } from './packages';
import type { WooCommerceBridge } from './woocommerce-bridge';

/** Something about a saved package an administrator should fix; the package is saved anyway. */
export interface PackageWarning {
  code: 'svc_woo_product_missing' | 'svc_woo_product_unchecked';
  field: 'woo_product_id';
  message: string;
}

/**
 * Warnings for a package just created or edited: a package sold through WooCommerce on this
 * site whose product does not exist there could never be bought (checkout answers 422
 * `svc_package_misconfigured`). Products of external stores cannot be checked from here.
 */
export async function packageWarnings(record: PackageRecord, wooCommerce: WooCommerceBridge): Promise<PackageWarning[]> {
  if (record.store !== null || record.wooProductId === null || record.status !== 'active') return [];
  const check = await wooCommerce.checkProduct(record.wooProductId);
  if (check.exists === true) return [];
  if (check.exists === false) {
    return [
      {
        code: 'svc_woo_product_missing',
        field: 'woo_product_id',
        message: `WooCommerce on this site has no product with the id ${record.wooProductId}: checkout of "${record.packageId}" will fail until woo_product_id names an existing product.`,
      },
    ];
  }
  return [
    {
      code: 'svc_woo_product_unchecked',
      field: 'woo_product_id',
      message: `Could not check that WooCommerce product ${record.wooProductId} exists on this site (${check.reason ?? 'no answer'}).`,
    },
  ];
}
