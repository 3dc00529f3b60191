import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { readPackFolder } from '../library/pack-folder';
import type { ImportReport } from '../library/library';
import type { Manifest } from '../library/manifest';
import { syncLibrary } from '../library/sync/mirror';
import { SyncError } from '../library/sync/sync-state';
import type { Services } from '../services';
import { ApiError } from '../support/api-error';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

function readPack(file: string): unknown {
  let isFolder: boolean;
  try {
    isFolder = statSync(file).isDirectory();
  } catch {
    throw new UsageError(`No file or folder at ${file}.`);
  }
  if (isFolder) return readPackFolder(file);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not a JSON pack: ${(error as Error).message}`);
  }
}

function printReport(report: ImportReport, print: Print): void {
  for (const item of report.created) print(`created ${item.kind} ${item.slug} (${item.id})`);
  for (const item of report.updated) print(`updated ${item.kind} ${item.slug} (${item.id})`);
  for (const file of report.sanitised) print(`sanitised ${file.path}: removed ${file.removed.join('; ')}`);
  print(
    `${report.created.length} created, ${report.updated.length} updated, ${report.unchanged} unchanged; library version ${report.version}${report.changed ? '' : ' (unchanged)'}.`,
  );
}

const LIBRARY_USAGE =
  'Usage: library import FILE|FOLDER | export [--out FILE] | load-starter | status | archive|restore|delete ITEM_ID | sync --from SITE --dir DIR';

/** `library import|export|load-starter|status|archive|restore|delete` (on the hub's database). */
export async function libraryCommand(
  services: Pick<Services, 'library'>,
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { library } = services;
  const target = parsed.positionals[2];
  switch (action) {
    case 'import': {
      takeFlags(parsed, []);
      if (!target)
        throw new UsageError('Usage: library import FILE|FOLDER (a pack JSON file, or a folder with pack.json and its SVG files)');
      printReport(await library.importPack(readPack(target)), print);
      return;
    }
    case 'export': {
      const flags = takeFlags(parsed, ['out']);
      const text = `${JSON.stringify(await library.exportPack(), null, 1)}\n`;
      if (flags.out) {
        writeFileSync(flags.out, text);
        print(`Wrote the library to ${flags.out}.`);
      } else {
        process.stdout.write(text);
      }
      return;
    }
    case 'load-starter': {
      takeFlags(parsed, []);
      const report = await library.loadStarter(false);
      if (!report) throw new UsageError(`The starter library could not be read from ${library.starterDir}.`);
      printReport(report, print);
      return;
    }
    case 'status': {
      takeFlags(parsed, []);
      const manifest = JSON.parse((await library.store.manifest()).text) as Manifest;
      print(
        `version ${manifest.version}, hash ${manifest.hash}, ${manifest.counts.templates} templates, ${manifest.counts.samples} samples, ${manifest.counts.assets} assets (active)`,
      );
      return;
    }
    case 'archive':
    case 'restore':
    case 'delete': {
      takeFlags(parsed, []);
      if (!target) throw new UsageError(`Usage: library ${action} ITEM_ID`);
      const state =
        action === 'delete'
          ? await library.writer.remove(target)
          : await library.writer.setStatus(target, action === 'archive' ? 'archived' : 'active');
      if (!state) throw ApiError.notFound(`No library item has the id "${target}".`);
      print(
        `${target} ${action === 'delete' ? 'deleted' : action === 'archive' ? 'archived' : 'restored'}; library version ${state.version}.`,
      );
      return;
    }
    default:
      throw new UsageError(LIBRARY_USAGE);
  }
}

/** `library sync --from SITE --dir DIR`: a client of a remote hub, so no database or worker configuration. */
export async function librarySyncCommand(parsed: ParsedArguments, print: Print, version: string): Promise<void> {
  const flags = takeFlags(parsed, ['from', 'dir'], ['from', 'dir']);
  let site: URL;
  try {
    site = new URL(flags.from!);
  } catch {
    throw new UsageError("--from must be the hub site's URL, e.g. https://hub.example");
  }
  if (site.protocol !== 'http:' && site.protocol !== 'https:') throw new UsageError('--from must be an http(s) URL.');
  const from = `${site.origin}${site.pathname}`.replace(/\/+$/, '');
  const result = await syncLibrary({
    from,
    folder: flags.dir!,
    userAgent: `svc-hub-library-sync/${version}`,
    print,
    warn: (line) => process.stderr.write(`${line}\n`),
  });
  if (result.refused.length > 0) {
    throw new SyncError(
      `${result.refused.length} item(s) refused; the folder keeps their previous copies and stays at version ${result.version}.`,
    );
  }
}
