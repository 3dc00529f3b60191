import { stack } from './stack';
import { testFetch } from './test-fetch';

/**
 * A buyer's browser on the stand-in store: its cookies (WooCommerce's session, and WordPress's
 * login when logged in), the pay link, the block checkout page and its Store API calls, the
 * classic checkout page and its form post — the requests a browser makes, nothing else.
 */
export class WooBuyer {
  private readonly jar = new Map<string, string>();

  private cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (value === '' || value === 'deleted') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** A request with the buyer's cookies; the cookies it sets are kept. */
  async request(path: string, init: RequestInit = {}): Promise<{ status: number; text: string; body: any }> {
    const headers = { ...(init.headers as Record<string, string> | undefined), Cookie: this.cookieHeader() };
    const response = await testFetch(`${stack().wordpressUrl}${path}`, { redirect: 'manual', ...init, headers });
    this.keep(response);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, text, body };
  }

  /** A request from another tab: the buyer's cookies as they are now; the cookies it sets are not kept. */
  async concurrentRequest(path: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const response = await testFetch(`${stack().wordpressUrl}${path}`, {
      headers: { ...headers, Cookie: this.cookieHeader() },
      redirect: 'manual',
    });
    return { status: response.status, text: await response.text() };
  }

  /** Logs in through wp-login.php (a returning customer). */
  async logIn(login: string, password: string): Promise<void> {
    this.jar.set('wordpress_test_cookie', 'WP%20Cookie%20check');
    const answer = await this.request('/wp-login.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ log: login, pwd: password, 'wp-submit': 'Log In', testcookie: '1' }).toString(),
    });
    if (answer.status !== 302) throw new Error(`wp-login.php answered ${answer.status}`);
  }

  /** Opens a link (the hub's pay link: `{store}/?add-to-cart=…&svc_hub_order_id=…&svc_site_url=…`). */
  async open(url: string, headers: Record<string, string> = {}): Promise<void> {
    const target = new URL(url);
    const answer = await this.request(`${target.pathname}${target.search}`, { headers });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }

  /** Renders the block checkout page (which runs GET /wc/store/v1/checkout); returns the Store API nonce. */
  async renderBlockCheckout(): Promise<string> {
    const page = await this.request('/checkout/');
    const nonce = /"storeApiNonce":"([0-9a-f]+)"/.exec(page.text)?.[1];
    if (page.status !== 200 || !nonce) throw new Error(`the block checkout answered ${page.status}: ${page.text.slice(0, 200)}`);
    return nonce;
  }

  /** Places the order from the block checkout (POST /wc/store/v1/checkout); returns the Store API's answer. */
  async placeBlockOrder(nonce: string, paymentMethod = 'svc_test_card'): Promise<{ order_id: number; status: string }> {
    const answer = await this.request('/wp-json/wc/store/v1/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Nonce: nonce },
      body: JSON.stringify({ billing_address: { email: 'buyer@buyer.example' }, payment_method: paymentMethod }),
    });
    if (answer.status !== 200) throw new Error(`the Store API answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.body;
  }

  /** Renders the classic checkout page; returns its form's nonce. */
  async renderClassicCheckout(): Promise<string> {
    const page = await this.request('/checkout-classic/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="([0-9a-f]+)"/.exec(page.text)?.[1];
    if (page.status !== 200 || !nonce) throw new Error(`the classic checkout answered ${page.status}: ${page.text.slice(0, 200)}`);
    return nonce;
  }

  /** Submits the classic checkout form (POST /?wc-ajax=checkout); returns WooCommerce's answer. */
  async placeClassicOrder(nonce: string, paymentMethod = 'svc_test_card'): Promise<{ result: string; order_id: number }> {
    const answer = await this.request('/?wc-ajax=checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'woocommerce-process-checkout-nonce': nonce,
        billing_email: 'buyer@buyer.example',
        payment_method: paymentMethod,
      }).toString(),
    });
    if (answer.body?.result !== 'success') throw new Error(`the classic checkout answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.body;
  }
}
