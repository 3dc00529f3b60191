import { orderDetail, type OrderDetailServices } from '../http/handlers/commerce';
import { ORDER_ID_PATTERN } from '../commerce/orders';
import { isOrderStatus, ORDER_STATUSES } from '../commerce/order-states';
import { ApiError } from '../support/api-error';
import { readCount } from '../support/number-input';
import { normaliseSiteUrl } from '../support/site-url';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

/** `order list [--site URL] [--status S]`, `order show ORDER_ID`. */
export async function orderCommand(
  services: OrderDetailServices,
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  switch (action) {
    case 'list': {
      const flags = takeFlags(parsed, ['site', 'status', 'limit']);
      const siteUrl = flags.site === undefined ? undefined : normaliseSiteUrl(flags.site);
      if (siteUrl === null) throw ApiError.invalidRequest({ site: 'must be an absolute http(s) URL' });
      if (flags.status !== undefined && !isOrderStatus(flags.status))
        throw ApiError.invalidRequest({ status: `must be one of ${ORDER_STATUSES.join(', ')}` });
      const limit = readCount(flags.limit ?? '100', { min: 1, max: 100, strings: true });
      if (limit.problem !== undefined) throw ApiError.invalidRequest({ limit: limit.problem });
      const { items, total } = await services.commerce.orders.list({
        siteUrl,
        status: flags.status as never,
        page: 1,
        perPage: limit.value,
      });
      for (const order of items) {
        print(
          [
            order.id,
            order.status,
            order.packageId,
            order.siteUrl,
            `${order.total.amount} ${order.total.currency}`,
            order.createdAt.toISOString(),
          ].join('\t'),
        );
      }
      if (total > items.length) print(`(${total - items.length} more; narrow with --site or --status)`);
      return;
    }
    case 'show': {
      takeFlags(parsed, []);
      const id = parsed.positionals[2];
      if (!id) throw new UsageError('Usage: order show ORDER_ID');
      const detail = ORDER_ID_PATTERN.test(id) ? await orderDetail(services, id) : null;
      if (!detail) throw ApiError.notFound(`No order has the id "${id}".`);
      print(JSON.stringify(detail.json, null, 2));
      return;
    }
    default:
      throw new UsageError('Usage: order list|show …');
  }
}
