import type { EmulatorKeys } from './flow';

/**
 * The worker's provider settings that point every provider at the emulator at `url`
 * (the e2e global setup passes them to scripts/stack-setup.sh, which writes worker.env).
 */
export function providerEnvironment(url: string, keys: EmulatorKeys): Record<string, string> {
  return {
    OPENAI_API_KEY: keys.openai,
    OPENAI_BASE_URL: `${url}/openai/v1`,
    ANTHROPIC_API_KEY: keys.anthropic,
    ANTHROPIC_BASE_URL: `${url}/anthropic`,
    GEMINI_API_KEY: keys.google,
    GEMINI_BASE_URL: `${url}/google`,
    MISTRAL_API_KEY: keys.mistral,
    MISTRAL_BASE_URL: `${url}/mistral/v1`,
    OPENROUTER_API_KEY: keys.openrouter,
    OPENROUTER_BASE_URL: `${url}/openrouter/api/v1`,
    OLLAMA_BASE_URL: `${url}/ollama`,
    SVC_COMPAT_BASE_URL: `${url}/compat/v1`,
    SVC_COMPAT_API_KEY: keys.compat,
    DEEPSEEK_API_KEY: keys.deepseek,
    DEEPSEEK_BASE_URL: `${url}/deepseek`,
    GROQ_API_KEY: keys.groq,
    GROQ_BASE_URL: `${url}/groq/openai/v1`,
    XAI_API_KEY: keys.xai,
    XAI_BASE_URL: `${url}/xai/v1`,
  };
}
