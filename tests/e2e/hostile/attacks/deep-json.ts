import type { HostileCase } from '../hostile-case';
import { rightful } from '../hostile-case';
import { HOSTILE_ROUTES, type HostileRoute } from '../route-table';
import { WAYS, type HostileAnswer, type Way } from '../ways';

/**
 * Deep and wide JSON where a valid LLM request carries free-form JSON (hostile input, round 2,
 * item 5; docs/api-notes.md "Nesting limits"): a tool's parameters (legacy functions' too), a
 * response schema, metadata and web_search_options nested past 64 levels, or a schema of more than 50,000 values, on every LLM route
 * that takes a chat body and every way in. The rest of the body is valid (`mock/echo`), so a
 * request that got through would be answered and leave a usage row (before the fix: 200, and a
 * 500 after the call from 5,000 levels): each must be 400 naming the field, with nothing stored.
 * WordPress forwards the body's bytes as they came, whatever their depth.
 */
const LLM_PATHS = [
  '/wp-json/llm/router/v1/chat',
  '/wp-json/llm/router/v1/chat/stream',
  '/wp-json/llm/router/v1/chat/completions',
  '/wp-json/llm/router/v1/responses',
  '/wp-json/svc-hub/v1/admin/chat',
];
const ROUTES = HOSTILE_ROUTES.filter((route) => route.method === 'POST' && LLM_PATHS.includes(route.path));
const isResponses = (route: HostileRoute) => route.path.endsWith('/responses');

const SCHEMA = '__schema__';

/** A JSON Schema `levels` JSON levels deep, as JSON text: {"type": "object", "properties": {"a": …}}. */
function deepSchema(levels: number): string {
  const wraps = Math.floor((levels - 1) / 2);
  const leaf = levels % 2 === 1 ? '{"type":"string"}' : '{"type":"array","items":{"type":"string"}}';
  return '{"type":"object","properties":{"a":'.repeat(wraps) + leaf + '}}'.repeat(wraps);
}

/** A flat schema of about `values` JSON values: one enum that long. */
const wideSchema = (values: number) => `{"type":"object","properties":{"a":{"enum":[${new Array(values).fill('"x"').join(',')}]}}}`;

interface Placement {
  name: string;
  /** Chat Completions fields the Responses API does not have. */
  chatOnly?: true;
  body: (route: HostileRoute) => Record<string, unknown>;
  field: (route: HostileRoute) => string;
}

const PLACEMENTS: Placement[] = [
  {
    name: 'tool parameters',
    body: (route) =>
      isResponses(route)
        ? { tools: [{ type: 'function', name: 'lookup', parameters: SCHEMA }] }
        : { tools: [{ type: 'function', function: { name: 'lookup', parameters: SCHEMA } }] },
    field: (route) => (isResponses(route) ? 'tools[0].parameters' : 'tools[0].function.parameters'),
  },
  {
    name: 'response schema',
    body: (route) =>
      isResponses(route)
        ? { text: { format: { type: 'json_schema', name: 'answer', schema: SCHEMA } } }
        : { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: SCHEMA } } },
    field: (route) => (isResponses(route) ? 'text.format.schema' : 'response_format.json_schema.schema'),
  },
  { name: 'metadata', body: () => ({ metadata: { team: 'hostile', trace: SCHEMA } }), field: () => 'metadata' },
  {
    name: 'legacy function parameters',
    chatOnly: true,
    body: () => ({ functions: [{ name: 'lookup', parameters: SCHEMA }] }),
    field: () => 'functions[0].parameters',
  },
  {
    name: 'web search options',
    chatOnly: true,
    body: () => ({ web_search_options: { user_location: SCHEMA } }),
    field: () => 'web_search_options',
  },
];

const SHAPES: Array<[name: string, text: string]> = [
  ['65 levels deep', deepSchema(65)],
  ['400 levels deep', deepSchema(400)],
  ['5,000 levels deep', deepSchema(5000)],
  ['of 60,000 values', wideSchema(60_000)],
];

/** A valid request of the route (mock/echo) with `extra`, the schema text in place of SCHEMA. */
function body(route: HostileRoute, extra: Record<string, unknown>, schema: string): string {
  const base = isResponses(route)
    ? { model: 'mock/echo', input: 'hostile' }
    : { model: 'mock/echo', messages: [{ role: 'user', content: 'hostile' }] };
  return JSON.stringify({ ...base, ...extra }).replace(`"${SCHEMA}"`, schema);
}

/** The 400 names exactly the field. */
function namesField(field: string) {
  return (answers: HostileAnswer[]): string[] =>
    answers.flatMap((answer) => {
      const params = answer.body?.data?.params as Record<string, unknown> | undefined;
      return answer.body?.code === 'svc_invalid_request' && params && Object.keys(params).join() === field
        ? []
        : [`expected svc_invalid_request naming ${field}, got ${answer.text.slice(0, 200)}`];
    });
}

export function deepJsonCases(ways: Way[] = WAYS): HostileCase[] {
  return ROUTES.flatMap((route) =>
    ways.flatMap((way) =>
      PLACEMENTS.filter((placement) => !(placement.chatOnly && isResponses(route))).flatMap((placement) =>
        SHAPES.map(([shape, schema]): HostileCase => ({
          family: 'deep-json',
          attack: `${placement.name} ${shape}`,
          route,
          way,
          statuses: [400],
          check: namesField(placement.field(route)),
          requests: (fixture) => [rightful(route, way, fixture, route.path, body(route, placement.body(route), schema))],
        })),
      ),
    ),
  );
}
