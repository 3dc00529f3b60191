import type { Services } from '../../services';
import { healthHandler } from '../handlers/health';
import { messagesHandler } from '../handlers/messages-handler';
import { messagesCountTokensHandler } from '../handlers/messages-count-tokens';
import { metricsHandlers } from '../handlers/metrics-handler';
import { modelHandlers } from '../handlers/models-handler';
import { responsesHandlers } from '../handlers/responses-handler';
import { chatHandler, embeddingsHandler } from '../handlers/router-calls';
import { imageEditsHandler, imageFileHandler, imageGenerationsHandler } from '../handlers/images-handler';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { router } = NAMESPACES;
const LLM = ['llm.chat', 'llm.embeddings'];
const llm = { auth: 'bearer', area: 'llm router' } as const;

const models = (services: Services) => modelHandlers(services.router);
const responses = (services: Services) => responsesHandlers(services.router, services.router.responses);
const health = (services: Services, startedAt: number) =>
  healthHandler({
    database: services.database,
    version: services.config.version,
    startedAt,
    providers: async () => services.router.providers.configuredNames(),
  });

/** /wp-json/llm/router/v1 (docs/architecture.md §4, §9), and the worker's own /metrics. */
export const LLM_ROUTER_ROUTES: RouteRow[] = [
  {
    id: 'router.chat',
    method: 'POST',
    path: `${router}/chat`,
    ...llm,
    features: ['llm.chat'],
    call: (w) => chatHandler(w.services.router, 'blocking'),
  },
  {
    id: 'router.chat-stream',
    method: 'POST',
    path: `${router}/chat/stream`,
    ...llm,
    features: ['llm.chat'],
    mayStream: true,
    call: (w) => chatHandler(w.services.router, 'stream'),
  },
  {
    id: 'router.chat-completions',
    method: 'POST',
    path: `${router}/chat/completions`,
    ...llm,
    features: ['llm.chat'],
    mayStream: true,
    call: (w) => chatHandler(w.services.router, 'auto'),
  },
  {
    id: 'router.responses.create',
    method: 'POST',
    path: `${router}/responses`,
    ...llm,
    features: ['llm.chat'],
    mayStream: true,
    call: (w) => w.once(responses).create,
  },
  {
    id: 'router.responses.retrieve',
    method: 'GET',
    path: `${router}/responses/:id`,
    ...llm,
    features: ['llm.chat'],
    handler: (w) => w.once(responses).retrieve,
  },
  {
    id: 'router.responses.delete',
    method: 'DELETE',
    path: `${router}/responses/:id`,
    ...llm,
    features: ['llm.chat'],
    handler: (w) => w.once(responses).remove,
  },
  {
    id: 'router.responses.input-items',
    method: 'GET',
    path: `${router}/responses/:id/input_items`,
    ...llm,
    features: ['llm.chat'],
    handler: (w) => w.once(responses).inputItems,
  },
  {
    id: 'router.messages.create',
    method: 'POST',
    path: `${router}/messages`,
    ...llm,
    features: ['llm.chat'],
    mayStream: true,
    keyHeaders: ['x-api-key'],
    call: (w) => messagesHandler(w.services.router),
  },
  {
    id: 'router.messages.count-tokens',
    method: 'POST',
    path: `${router}/messages/count_tokens`,
    ...llm,
    features: ['llm.chat'],
    keyHeaders: ['x-api-key'],
    call: (w) => messagesCountTokensHandler(w.services.router),
  },
  {
    id: 'router.embeddings',
    method: 'POST',
    path: `${router}/embeddings`,
    ...llm,
    features: ['llm.embeddings'],
    call: (w) => embeddingsHandler(w.services.router),
  },
  {
    id: 'router.images.generations',
    method: 'POST',
    path: `${router}/images/generations`,
    ...llm,
    features: ['llm.images'],
    call: (w) => imageGenerationsHandler(w.services.router),
  },
  {
    id: 'router.images.edits',
    method: 'POST',
    path: `${router}/images/edits`,
    ...llm,
    features: ['llm.images'],
    json: false,
    maxBodyBytes: (config) => config.imageEditMaxBytes,
    call: (w) => imageEditsHandler(w.services.router),
  },
  {
    id: 'router.images.file',
    method: 'GET',
    path: `${router}/images/files/:file`,
    auth: 'public',
    area: 'llm router',
    handler: (w) => imageFileHandler(w.services.router),
  },
  { id: 'router.models', method: 'GET', path: `${router}/models`, ...llm, features: LLM, handler: (w) => w.once(models).models },
  {
    id: 'router.models.purposes',
    method: 'GET',
    path: `${router}/models/purposes`,
    ...llm,
    features: LLM,
    handler: (w) => w.once(models).purposes,
  },
  // After /models/purposes: both dispatchers and the shell's table match rows in order (docs/architecture.md §4).
  {
    id: 'router.models.retrieve',
    method: 'GET',
    path: `${router}/models/*id`,
    ...llm,
    features: LLM,
    handler: (w) => w.once(models).model,
  },
  { id: 'router.health', method: 'GET', path: `${router}/health`, auth: 'public', area: 'health', handler: (w) => w.once(health) },
  {
    id: 'router.metrics',
    method: 'GET',
    path: `${router}/metrics`,
    auth: 'bearer',
    area: 'metrics',
    adminScope: true,
    handler: (w) => w.once(metricsHandlers).scrape,
  },
];

/** Outside WordPress's namespaces: the worker's own scrape path (loopback or an admin key). */
export const WORKER_ONLY_ROUTES: RouteRow[] = [
  { id: 'worker.metrics', method: 'GET', path: '/metrics', auth: 'public', area: 'metrics', handler: (w) => w.once(metricsHandlers).local },
];
