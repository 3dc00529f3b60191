import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';

export const RENDER_STATUSES = ['ok', 'invalid', 'refused', 'busy', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** One render as the log keeps it (docs/library.md "Rendering", table `renders`, migration 026). */
export interface RenderLogEntry {
  requestId: string;
  keyId: string;
  siteUrl: string;
  team: string;
  campaign: string;
  templateId: string;
  templateHash: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  cacheHit: boolean;
  generatedLayers: number;
  durationMs: number;
  status: RenderStatus;
  errorCode: string;
}

export interface RenderRow extends RenderLogEntry {
  id: number;
  createdAt: string;
}

export interface RenderFilters {
  siteUrl?: string;
  templateId?: string;
  keyId?: string;
  status?: RenderStatus;
}

export interface RenderSummary {
  from: string;
  to: string;
  renders: number;
  cacheHits: number;
  failures: number;
  bytes: number;
  generatedLayers: number;
  averageDurationMs: number;
  byTemplate: { templateId: string; renders: number; cacheHits: number }[];
  byFormat: { format: string; renders: number }[];
}

const COLUMNS =
  'id, request_id, key_id, site_url, team, campaign, template_id, template_hash, format, width, height, bytes, cache_hit, generated_layers, duration_ms, status, error_code, created_at';

function rowOf(row: RowDataPacket): RenderRow {
  return {
    id: Number(row.id),
    requestId: String(row.request_id),
    keyId: String(row.key_id),
    siteUrl: String(row.site_url),
    team: String(row.team),
    campaign: String(row.campaign),
    templateId: String(row.template_id),
    templateHash: String(row.template_hash),
    format: String(row.format),
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    cacheHit: Number(row.cache_hit) === 1,
    generatedLayers: Number(row.generated_layers),
    durationMs: Number(row.duration_ms),
    status: String(row.status) as RenderStatus,
    errorCode: String(row.error_code),
    createdAt: new Date(row.created_at as Date).toISOString(),
  };
}

/** `DATETIME(3)` text for a time, in UTC as the table keeps it. */
const sqlTime = (time: Date) => time.toISOString().slice(0, 23).replace('T', ' ');

/**
 * The render log: one row written per render (a cache hit and a refusal too), and the reads
 * the admin screen uses. Every value from a request reaches SQL as a parameter.
 */
export class RenderLog {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('renders');
  }

  async write(entry: RenderLogEntry, at = new Date()): Promise<void> {
    await this.database.pool.execute<ResultSetHeader>(
      `INSERT INTO ${this.table} (request_id, key_id, site_url, team, campaign, template_id, template_hash, format, width, height,
        bytes, cache_hit, generated_layers, duration_ms, status, error_code, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.requestId.slice(0, 128),
        entry.keyId,
        entry.siteUrl.slice(0, 255),
        entry.team.slice(0, 190),
        entry.campaign.slice(0, 190),
        entry.templateId.slice(0, 40),
        entry.templateHash.slice(0, 60),
        entry.format.slice(0, 8),
        Math.max(0, Math.round(entry.width)),
        Math.max(0, Math.round(entry.height)),
        entry.bytes,
        entry.cacheHit ? 1 : 0,
        entry.generatedLayers,
        Math.max(0, Math.round(entry.durationMs)),
        entry.status,
        entry.errorCode.slice(0, 64),
        sqlTime(at),
      ],
    );
  }

  /** Newest first; `total` counts every row the filters match. */
  async recentRenders(options: { limit: number; offset: number; filters?: RenderFilters }): Promise<{ total: number; items: RenderRow[] }> {
    const { where, values } = whereOf(options.filters ?? {});
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${this.table} ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...values, options.limit, options.offset],
    );
    const [counts] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${this.table} ${where}`, values);
    return { total: Number(counts[0]?.total ?? 0), items: rows.map(rowOf) };
  }

  /** Totals over [from, to): renders, cache hits, failures, bytes, per template and per format. */
  async renderSummary(range: { from: Date; to: Date }): Promise<RenderSummary> {
    const bounds = [sqlTime(range.from), sqlTime(range.to)];
    const inRange = 'WHERE created_at >= ? AND created_at < ?';
    const [totals] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT COUNT(*) AS renders, COALESCE(SUM(cache_hit), 0) AS hits, COALESCE(SUM(status <> 'ok'), 0) AS failures,
        COALESCE(SUM(bytes), 0) AS bytes, COALESCE(SUM(generated_layers), 0) AS generated, COALESCE(AVG(duration_ms), 0) AS duration
       FROM ${this.table} ${inRange}`,
      bounds,
    );
    const [templates] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT template_id, COUNT(*) AS renders, COALESCE(SUM(cache_hit), 0) AS hits FROM ${this.table} ${inRange}
       GROUP BY template_id ORDER BY renders DESC, template_id LIMIT 50`,
      bounds,
    );
    const [formats] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT format, COUNT(*) AS renders FROM ${this.table} ${inRange} GROUP BY format ORDER BY renders DESC, format`,
      bounds,
    );
    const total: RowDataPacket = totals[0] ?? ({} as RowDataPacket);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      renders: Number(total.renders ?? 0),
      cacheHits: Number(total.hits ?? 0),
      failures: Number(total.failures ?? 0),
      bytes: Number(total.bytes ?? 0),
      generatedLayers: Number(total.generated ?? 0),
      averageDurationMs: Math.round(Number(total.duration ?? 0)),
      byTemplate: templates.map((row) => ({
        templateId: String(row.template_id),
        renders: Number(row.renders),
        cacheHits: Number(row.hits),
      })),
      byFormat: formats.map((row) => ({ format: String(row.format), renders: Number(row.renders) })),
    };
  }
}

function whereOf(filters: RenderFilters): { where: string; values: string[] } {
  const clauses: string[] = [];
  const values: string[] = [];
  const add = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    clauses.push(`${column} = ?`);
    values.push(value);
  };
  add('site_url', filters.siteUrl);
  add('template_id', filters.templateId);
  add('key_id', filters.keyId);
  add('status', filters.status);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values };
}
