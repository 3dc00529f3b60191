import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { decrypt, encrypt } from '../../support/encryption';
import { rawPublicKey } from './licence-document';

/** The hub's key pair for licence documents, as loaded. */
export interface HubKeyPair {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Raw 32 bytes, base64: what the admin setup shows and an activation returns as `public_key`. */
  publicKeyRaw: string;
}

const PURPOSE = 'licence-documents';

/**
 * The hub's Ed25519 key pair (table `hub_signing_keys`): generated once with node:crypto by the
 * first worker that needs it (INSERT IGNORE: when two race, both read the one that won), the
 * private key sealed with the hub's secret box, loaded once per worker.
 */
export class HubSigningKey {
  private loading: Promise<HubKeyPair> | null = null;

  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  pair(): Promise<HubKeyPair> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<HubKeyPair> {
    const stored = await this.read();
    if (stored) return stored;
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = rawPublicKey(publicKey);
    const keyId = `hk_${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
    const sealed = encrypt(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'), this.encryptionKey);
    await this.database.pool.execute(
      `INSERT IGNORE INTO ${this.database.table('hub_signing_keys')} (purpose, key_id, public_key, private_key_encrypted, created_at)
        VALUES (?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [PURPOSE, keyId, raw, sealed],
    );
    const pair = await this.read();
    if (!pair) throw new Error('The hub signing key vanished right after it was stored.');
    return pair;
  }

  private async read(): Promise<HubKeyPair | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT key_id, public_key, private_key_encrypted FROM ${this.database.table('hub_signing_keys')} WHERE purpose = ?`,
      [PURPOSE],
    );
    const row = rows[0];
    if (!row) return null;
    const der = Buffer.from(decrypt(row.private_key_encrypted, this.encryptionKey), 'base64');
    const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return { keyId: row.key_id, privateKey, publicKey: createPublicKey(privateKey), publicKeyRaw: row.public_key };
  }
}
