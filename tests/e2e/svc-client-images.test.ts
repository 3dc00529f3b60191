import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { admin } from '../support/budgets';
import { hub } from '../support/hub-cli';
import { connectClient, createClientKey, phpString, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { libraryAdmin, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';

/**
 * Images on the client site, through the hub (docs/architecture.md §10, §13): WordPress's
 * `wp_ai_client_prompt( … )->generate_image()` runs on the hub's `images/generations` with
 * `mock/image` (one usage row of kind `images` per call, with the site's key, team and
 * campaign), and `svc_client_render_template()` renders a mirrored template through
 * `POST /svc/v1/image-renders` into an attachment. Refusals reach the caller as the hub's own
 * code: a licence without `llm.images` or `image.render`, a template version the hub no longer
 * has, an unknown field; none of them leaves an attachment behind.
 */
jest.setTimeout(180_000);

const PNG_SIGNATURE = '89504e470d0a1a0a';

let client: ClientSite;
let key: ClientKey;
beforeAll(async () => {
  client = await startClientSite();
  key = createClientKey(client);
  hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat,llm.images,image.render');
  await connectClient(client, key);
}, 120_000);
afterAll(async () => {
  await client?.stop();
});

/** The hub's rows of `table` (usage, renders) for a key. */
async function rowsOf(table: 'usage' | 'renders', keyId: string): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const sql = `SELECT * FROM ${env.SVC_DB_PREFIX}svc_${table} WHERE key_id = ? ORDER BY id`;
    return (await connection.query<RowDataPacket[]>(sql, [keyId]))[0];
  } finally {
    await connection.end();
  }
}

interface GeneratedImages {
  error?: string;
  code?: string;
  images?: { mime: string; signature: string; width: number; height: number; bytes: number }[];
}

/** Runs a prompt builder chain ending in generate_image() or generate_images( n ) on the client site. */
const generate = (chain: string) =>
  client.php<GeneratedImages>(
    `$result = ${chain};
     if ( is_wp_error( $result ) ) { return array( 'error' => $result->get_error_message(), 'code' => $result->get_error_code() ); }
     $images = array();
     foreach ( is_array( $result ) ? $result : array( $result ) as $file ) {
       $bytes = base64_decode( (string) $file->getBase64Data() );
       $size  = getimagesizefromstring( $bytes );
       $images[] = array( 'mime' => $file->getMimeType(), 'signature' => bin2hex( substr( $bytes, 0, 8 ) ), 'width' => $size[0] ?? 0, 'height' => $size[1] ?? 0, 'bytes' => strlen( $bytes ) );
     }
     return array( 'images' => $images );`,
  );

const imageChain = (prompt: string) => `wp_ai_client_prompt( ${phpString(prompt)} )->using_model_preference( 'mock/image' )`;

describe('svc-client as the AI Client’s image provider', () => {
  it('lists the hub’s image models with the image generation capability', async () => {
    const listed = await client.php<Record<string, string[]>>(
      `$models = array();
       foreach ( WordPress\\AiClient\\AiClient::defaultRegistry()->getProviderClassName( 'svc-hub' )::modelMetadataDirectory()->listModelMetadata() as $model ) {
         $models[ $model->getId() ] = array_map( static fn( $capability ) => $capability->value, $model->getSupportedCapabilities() );
       }
       return $models;`,
    );
    expect(listed['mock/image']).toEqual(['image_generation']);
    expect(listed['mock/echo']).toContain('text_generation');
  });

  it('generate_image() answers a real PNG from mock/image, and the hub keeps one usage row of kind images for the site’s key', async () => {
    const one = await generate(`${imageChain('a red bicycle')}->generate_image()`);
    expect(one.error).toBeUndefined();
    expect(one.images).toHaveLength(1);
    expect(one.images![0]).toMatchObject({ mime: 'image/png', signature: PNG_SIGNATURE });
    expect(one.images![0]!.width).toBeGreaterThan(0);
    expect(one.images![0]!.height).toBeGreaterThan(0);

    const rows = await pollUntil(
      () => rowsOf('usage', key.id),
      (found) => found.length >= 1,
      30,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'images', status: 'ok', model: 'mock/image', team: key.team, campaign: key.campaign });
  });

  it('generate_images( 2 ) with an aspect ratio: two PNGs of that shape in one call (one usage row)', async () => {
    const two = await generate(`${imageChain('two red bicycles')}->as_output_media_aspect_ratio( '3:2' )->generate_images( 2 )`);
    expect(two.error).toBeUndefined();
    expect(two.images).toHaveLength(2);
    for (const image of two.images!) {
      expect(image).toMatchObject({ mime: 'image/png', signature: PNG_SIGNATURE });
      expect(image.width / image.height).toBeCloseTo(1.5, 2);
    }
    const rows = await pollUntil(
      () => rowsOf('usage', key.id),
      (found) => found.length >= 2,
      30,
    );
    expect(rows.map((row) => row.kind)).toEqual(['images', 'images']);
  });
});

interface Attachment {
  id: number;
  file: string;
  in_uploads: boolean;
  signature: string;
  width: number;
  height: number;
  metadata: { width?: number; height?: number; file?: string };
  mime: string;
  title: string;
  alt: string;
  render: { id: string; slug: string; hash: string };
}
interface Refusal {
  error: { code: string; message: string; data: { status: number; params?: Record<string, unknown> } };
  attachments: number;
}

/** svc_client_render_template() on the client site: the attachment as WordPress holds it, or the WP_Error with the count of attachments. */
const render = (template: string, fields: string, args: string) =>
  client.php<Attachment | Refusal>(
    `$id = svc_client_render_template( ${phpString(template)}, ${fields}, ${args} );
     if ( is_wp_error( $id ) ) {
       return array( 'error' => array( 'code' => $id->get_error_code(), 'message' => $id->get_error_message(), 'data' => $id->get_error_data() ), 'attachments' => count( get_posts( array( 'post_type' => 'attachment', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) ) );
     }
     $file  = get_attached_file( $id );
     $bytes = (string) file_get_contents( $file );
     $size  = getimagesizefromstring( $bytes );
     return array(
       'id' => $id, 'file' => $file, 'in_uploads' => str_starts_with( $file, wp_upload_dir()['basedir'] . '/' ),
       'signature' => bin2hex( substr( $bytes, 0, 8 ) ), 'width' => $size[0] ?? 0, 'height' => $size[1] ?? 0,
       'metadata' => wp_get_attachment_metadata( $id ), 'mime' => get_post_mime_type( $id ), 'title' => get_the_title( $id ),
       'alt' => get_post_meta( $id, '_wp_attachment_image_alt', true ), 'render' => get_post_meta( $id, '_svc_client_render', true ),
     );`,
  );

const attachmentCount = () =>
  client.php<number>(
    `return count( get_posts( array( 'post_type' => 'attachment', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) );`,
  );
const sync = () => client.php<{ ok: boolean; detail: string }>('return Svc_Client_Library_Sync::run();');
const heldHash = (id: string) =>
  client.php<string>(`return Svc_Client_Library_Folder::state()['items'][ ${phpString(id)} ]['hash'] ?? '';`);
const importTemplate = async (slug: string, fill: string) => {
  const answer = await libraryAdmin('direct', 'POST', '/import', templatePack([{ slug, fill, title: 'Hello' }]));
  expect(answer.status).toBe(200);
  const body = answer.body as { created: { id: string }[]; updated: { id: string }[] };
  return (body.created[0] ?? body.updated[0])!.id;
};

describe('svc-client’s image calls under a hard budget', () => {
  it('a spent budget reaches the caller as the hub’s svc_budget_exceeded, before any image is made', async () => {
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: key.id },
      period: 'month',
      amount: '0.00000001',
      hard: true,
    });
    expect(created.status).toBe(201);
    try {
      const rows = (await rowsOf('usage', key.id)).length;
      const refused = await pollUntil(
        () => generate(`${imageChain('a red bicycle')}->generate_image()`),
        (result) => Boolean(result.error),
        30,
      );
      expect(refused.code).toBe('prompt_client_error');
      expect(refused.error).toContain('The AI budget for this site is spent (svc_budget_exceeded, 429)');
      // The refusal is the call's usage row, as an error (the budget list reloads within seconds: earlier calls may have run).
      const after = await pollUntil(
        () => rowsOf('usage', key.id),
        (found) => found.slice(rows).some((row) => row.status === 'error'),
        30,
      );
      expect(after.slice(rows).find((row) => row.status === 'error')).toMatchObject({ kind: 'images', model: 'mock/image' });
    } finally {
      expect((await admin('DELETE', `/budgets/${(created.body as { id: string }).id}`)).status).toBeLessThan(300);
    }
  });
});

describe('svc_client_render_template()', () => {
  const slug = `${token()}-render`;
  let id = '';

  beforeAll(async () => {
    id = await importTemplate(slug, '#224488');
    expect((await sync()).ok).toBe(true);
    expect(await heldHash(id)).not.toBe('');
  });

  it('renders the mirrored template (by slug) at the held version into an attachment in the uploads folder', async () => {
    const made = (await render(
      slug,
      "array( 'title' => 'Rendered on the hub' )",
      "array( 'width' => 540, 'height' => 540, 'title' => 'Launch post', 'alt' => 'Launch' )",
    )) as Attachment;
    expect((made as unknown as Refusal).error).toBeUndefined();
    expect(made).toMatchObject({ in_uploads: true, signature: PNG_SIGNATURE, width: 540, height: 540, mime: 'image/png' });
    expect(made).toMatchObject({ title: 'Launch post', alt: 'Launch', render: { id, slug, hash: await heldHash(id) } });
    expect(made.metadata).toMatchObject({ width: 540, height: 540 });
    expect(made.file.endsWith(made.metadata.file!)).toBe(true);
    // The hub's render log: this site's key, its campaign (sent as metadata), the template at the held hash.
    const logged = await pollUntil(
      () => rowsOf('renders', key.id),
      (rows) => rows.length >= 1,
      30,
    );
    expect(logged[0]).toMatchObject({ template_id: id, template_hash: await heldHash(id), campaign: key.campaign });
  });

  it('a field the template does not declare: the hub’s 400 naming it, no attachment', async () => {
    const before = await attachmentCount();
    const refused = (await render(id, "array( 'no_such_field' => 'x' )", 'array()')) as Refusal;
    expect(refused.error).toMatchObject({ code: 'svc_invalid_request', data: { status: 400 } });
    expect(JSON.stringify(refused.error.data.params)).toContain('no_such_field');
    expect(refused.attachments).toBe(before);
  });

  it('a version the hub no longer has: the hub’s 409 with a hint to sync, no attachment; after a sync it renders', async () => {
    await importTemplate(slug, '#884422'); // the hub's copy changes; the site still holds the old one
    const before = await attachmentCount();
    const refused = (await render(slug, 'array()', 'array()')) as Refusal;
    expect(refused.error).toMatchObject({ code: 'svc_template_changed', data: { status: 409 } });
    expect(refused.error.message).toContain('sync the library');
    expect(refused.attachments).toBe(before);

    expect((await sync()).ok).toBe(true);
    const made = (await render(slug, 'array()', "array( 'format' => 'webp' )")) as Attachment;
    expect(made).toMatchObject({ mime: 'image/webp', width: 1080, height: 1080 });
    expect(made.signature.slice(0, 8)).toBe('52494646'); // RIFF
    expect(made.file.endsWith('.webp')).toBe(true);
  });

  it('a format the media library does not accept (SVG, by default) is refused before the hub is asked', async () => {
    const renders = (await rowsOf('renders', key.id)).length;
    const refused = (await render(slug, 'array()', "array( 'format' => 'svg' )")) as Refusal;
    expect(refused.error).toMatchObject({ code: 'svc_client_format_not_allowed', data: { status: 400 } });
    expect(await rowsOf('renders', key.id)).toHaveLength(renders);
  });
});

describe('a licence without the image features', () => {
  const slug = `${token()}-denied`;
  beforeAll(async () => {
    await importTemplate(slug, '#00aa66');
    const limited = createClientKey(client);
    hub('entitlement', 'grant', '--site', limited.siteUrl, '--features', 'llm.chat');
    await connectClient(client, limited);
    expect((await sync()).ok).toBe(true);
  });

  it('generate_image() gets the hub’s refusal of llm.images', async () => {
    const image = await generate(`${imageChain('a red bicycle')}->generate_image()`);
    expect(image.code).toBe('prompt_client_error');
    expect(image.error).toContain('licence does not include AI image generation (llm.images)');
    expect(image.error).toContain('svc_no_entitlement');
  });

  it('svc_client_render_template() gets the hub’s refusal of image.render, and nothing is saved', async () => {
    const before = await attachmentCount();
    const refused = (await render(slug, 'array()', 'array()')) as Refusal;
    expect(refused.error).toMatchObject({ code: 'svc_no_entitlement', data: { status: 403 } });
    expect(refused.error.message).toContain('image.render');
    expect(refused.attachments).toBe(before);
  });
});
