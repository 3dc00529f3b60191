import type { Config } from '../config';

/** Which LLM providers this worker can reach, from its configuration (keys are never exposed). */
const PROVIDERS: Array<{ name: string; variables: string[] }> = [
  { name: 'openai', variables: ['OPENAI_API_KEY'] },
  { name: 'anthropic', variables: ['ANTHROPIC_API_KEY'] },
  { name: 'google', variables: ['GEMINI_API_KEY'] },
  { name: 'mistral', variables: ['MISTRAL_API_KEY'] },
  { name: 'openrouter', variables: ['OPENROUTER_API_KEY'] },
  { name: 'ollama', variables: ['OLLAMA_BASE_URL'] },
  { name: 'compat', variables: ['SVC_COMPAT_BASE_URL'] },
];

export function configuredProviders(config: Config): string[] {
  const names = PROVIDERS.filter((provider) => provider.variables.every((name) => config.providerKeys[name])).map(
    (provider) => provider.name,
  );
  if (config.mock) names.push('mock');
  return names;
}
