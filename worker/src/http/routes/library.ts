import type { Services } from '../../services';
import { imageRenderHandlers } from '../handlers/image-renders';
import { libraryHandlers } from '../handlers/library';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { library } = NAMESPACES;
const images = (services: Services) => libraryHandlers(services.library);
const renders = (services: Services) => imageRenderHandlers(services.library, services.router, services.gate, services.config.publicUrl);
const open = { method: 'GET', auth: 'public', area: 'image library' } as const;

/** /wp-json/svc/v1: the image template library (docs/architecture.md §6) and its renders (§13). */
export const LIBRARY_ROUTES: RouteRow[] = [
  { id: 'library.templates', ...open, path: `${library}/image-templates`, handler: (w) => w.once(images).templates },
  { id: 'library.template', ...open, path: `${library}/image-templates/:id`, handler: (w) => w.once(images).template },
  { id: 'library.samples', ...open, path: `${library}/image-samples/:type`, handler: (w) => w.once(images).samples },
  { id: 'library.editor-assets', ...open, path: `${library}/image-editor-assets/:type`, handler: (w) => w.once(images).assets },
  { id: 'library.manifest', ...open, path: `${library}/image-library/manifest`, handler: (w) => w.once(images).manifest },
  { id: 'library.file', ...open, path: `${library}/image-library/files/:file`, handler: (w) => w.once(images).file },
  {
    id: 'library.image-renders',
    method: 'POST',
    path: `${library}/image-renders`,
    auth: 'bearer',
    area: 'image library',
    features: ['image.render'],
    call: (w) => w.once(renders).render,
  },
  { id: 'library.image-render-file', ...open, path: `${library}/image-renders/files/:file`, handler: (w) => w.once(renders).file },
];
