import { namesSvcHub, serializedStrings } from './wordpress-plugin-state';

describe("WordPress's record of active plugins", () => {
  it('reads the plugin files of a serialized active_plugins value', () => {
    const value = 'a:2:{i:0;s:27:"woocommerce/woocommerce.php";i:1;s:19:"svc-hub/svc-hub.php";}';
    expect(serializedStrings(value)).toEqual(['woocommerce/woocommerce.php', 'svc-hub/svc-hub.php']);
    expect(namesSvcHub(value)).toBe(true);
  });

  it('finds svc-hub whatever its folder is called, and on multisite by key of active_sitewide_plugins', () => {
    expect(namesSvcHub('a:1:{i:0;s:25:"svc-hub-0.2.0/svc-hub.php";}')).toBe(true);
    expect(namesSvcHub('a:1:{s:19:"svc-hub/svc-hub.php";i:1764300000;}')).toBe(true);
  });

  it('does not take another plugin, or a deactivated svc-hub, for an active one', () => {
    expect(namesSvcHub('a:1:{i:0;s:25:"svc-client/svc-client.php";}')).toBe(false);
    expect(namesSvcHub('a:1:{i:0;s:23:"my-svc-hub/not-hub.php";}')).toBe(false);
    expect(namesSvcHub('a:1:{i:0;s:22:"other/my-svc-hub.php";}')).toBe(false);
    expect(namesSvcHub('a:0:{}')).toBe(false);
  });
});
