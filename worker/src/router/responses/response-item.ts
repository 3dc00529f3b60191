/** A Responses API item as JSON (a message, function_call or function_call_output, with its id). */
export type ResponseItem = Record<string, unknown>;
