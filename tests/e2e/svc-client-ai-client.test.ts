import { createServer } from 'node:net';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { hub } from '../support/hub-cli';
import { connectClient, createClientKey, phpString, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { stack } from '../support/stack';
import { eventually } from '../support/eventually';

/**
 * WordPress's AI Client on the client site runs through the hub (provider `svc-hub` of
 * svc-client): `wp_ai_client_prompt( '…' )->generate_text()` answers from the hub's `mock/echo`
 * model, and the hub keeps one usage row per call with the client's team and campaign.
 * Needs the hub's chat route to take `content` as a list of parts (issue 14), which is how the
 * AI Client sends every message.
 */
jest.setTimeout(120_000);

let client: ClientSite;
let key: ClientKey;
beforeAll(async () => {
  client = await startClientSite();
  key = createClientKey(client);
  hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat');
  await connectClient(client, key);
}, 120_000);
afterAll(async () => {
  await client?.stop();
});

/** The key's usage rows once there are `count` of them (the worker writes a call's row just after answering), or the last read. */
async function usageRowsOf(keyId: string, count: number): Promise<RowDataPacket[]> {
  return eventually(
    () => readUsageRows(keyId),
    (rows) => rows.length >= count,
  );
}

async function readUsageRows(keyId: string): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE key_id = ? ORDER BY id`, [
      keyId,
    ]);
    return rows;
  } finally {
    await connection.end();
  }
}

/** Runs a prompt builder chain on the client site; the text, or the WP_Error's message. */
const generate = (chain: string) =>
  client.php<{ text?: string; error?: string }>(
    `$text = ${chain}->generate_text(); return is_wp_error( $text ) ? array( 'error' => $text->get_error_message() ) : array( 'text' => $text );`,
  );

describe('svc-client as the AI Client provider', () => {
  it('registers provider svc-hub with the hub’s models and purposes', async () => {
    const registered = await client.php<{ has: boolean; models: string[] }>(
      `$registry = WordPress\\AiClient\\AiClient::defaultRegistry(); $models = array();
       foreach ( $registry->getProviderClassName( 'svc-hub' )::modelMetadataDirectory()->listModelMetadata() as $model ) { $models[] = $model->getId(); }
       return array( 'has' => $registry->hasProvider( 'svc-hub' ), 'models' => $models );`,
    );
    expect(registered.has).toBe(true);
    expect(registered.models).toContain('mock/echo');
    expect(registered.models.some((id) => id.startsWith('purpose:'))).toBe(true);
  });

  it('wp_ai_client_prompt()->generate_text() answers through the hub, and the hub bills the client’s team and campaign', async () => {
    const prompt = 'svc-client says hello through the hub';
    const answer = await generate(`wp_ai_client_prompt( ${phpString(prompt)} )->using_model_preference( 'mock/echo' )`);
    expect(answer.error).toBeUndefined();
    expect(answer.text).toContain(prompt);
    const rows = await usageRowsOf(key.id, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'ok', model: 'mock/echo', team: key.team, campaign: key.campaign });

    // The plain call, with no model named: the AI Client picks one of the hub's models.
    const plain = await generate(`wp_ai_client_prompt( ${phpString(prompt)} )`);
    expect(plain.error).toBeUndefined();
    expect(typeof plain.text).toBe('string');
    expect(await usageRowsOf(key.id, 2)).toHaveLength(2);
  });

  it('says why the hub cannot answer: unreachable, key refused, licence without llm.chat — never "No models found"', async () => {
    const chain = `wp_ai_client_prompt( 'hello' )->using_model_preference( 'mock/echo' )`;
    const closedPort = await freePort();
    const unreachable = await generate(
      `( add_filter( 'option_svc_client_settings', static fn( $s ) => array( 'hub_url' => 'http://127.0.0.1:${closedPort}' ) + $s ) ? ${chain} : null )`,
    );
    expect(unreachable.error).toContain(`svc-hub could not be reached at http://127.0.0.1:${closedPort}`);
    const wrongKey = await generate(
      `( WordPress\\AiClient\\AiClient::defaultRegistry()->setProviderRequestAuthentication( 'svc-hub', new WordPress\\AiClient\\Providers\\Http\\DTO\\ApiKeyRequestAuthentication( 'svc_live_${'x'.repeat(32)}' ) ) ?? ${chain} )`,
    );
    expect(wrongKey.error).toContain("svc-hub refused this site's API key");
    hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'e2e: unpaid');
    try {
      const suspended = await eventually(
        () => generate(chain),
        (result) => Boolean(result.error),
      ); // the worker's gate cache follows within seconds
      expect(suspended.error).toContain('licence does not include AI text generation (llm.chat)');
    } finally {
      hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'active', '--reason', 'e2e: paid');
    }
    const restored = await eventually(
      () => generate(chain),
      (result) => !result.error,
    );
    expect(restored.error).toBeUndefined();
    for (const message of [unreachable.error, wrongKey.error]) expect(message).not.toContain('No models found');
  });

  it("as_json_response( $schema ) answers JSON following the schema (the AI Client's bare json_schema, wrapped by svc-client)", async () => {
    const schema =
      "array( 'type' => 'object', 'properties' => array( 'city' => array( 'type' => 'string' ), 'days' => array( 'type' => 'integer' ) ), 'required' => array( 'city', 'days' ) )";
    const answer = await generate(
      `wp_ai_client_prompt( 'Plan a trip' )->using_model_preference( 'mock/echo' )->as_json_response( ${schema} )`,
    );
    expect(answer.error).toBeUndefined();
    const parsed = JSON.parse(answer.text!) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['city', 'days']);
    expect(typeof parsed.city).toBe('string');
    expect(Number.isInteger(parsed.days)).toBe(true);
    // What the AI Client itself sends, unwrapped, straight to the hub: accepted and followed too, never ignored.
    const bare = await client.php<{ wrapped: unknown }>(
      `return array( 'wrapped' => Svc_Client_Ai_Text_Model::wrap_json_schema( array( 'response_format' => array( 'type' => 'json_schema', 'json_schema' => ${schema} ) ) )['response_format'] );`,
    );
    expect(bare.wrapped).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'response', schema: { type: 'object', required: ['city', 'days'] } },
    });
  });
});

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
