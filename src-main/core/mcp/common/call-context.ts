/**
 * What code running for an MCP request (an extension's tool or prompt) may ask the client that
 * made it: pure types, so the extension API's types carry no runtime dependency.
 */

/** Options of one question to the client. */
export interface AskOptions {
  /**
   * The name of this input in a 2026-07-28 round (`inputRequests` key). A client may answer it
   * up front by sending `inputResponses` with that key on its first request.
   */
  key?: string;
}

/** A form to show the user (MCP elicitation): a flat object schema of primitive fields. */
export interface ElicitForm {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
}

/** The user's answer to a form. */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** A request for a completion from the client's model (MCP sampling). */
export interface SampleRequest {
  messages: { role: 'user' | 'assistant'; content: { type: 'text'; text: string } | { type: 'image' | 'audio'; data: string; mimeType: string } }[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  metadata?: Record<string, unknown>;
}

/** The client model's answer. */
export interface SampleAnswer {
  role: 'user' | 'assistant';
  content: { type: string; text?: string; data?: string; mimeType?: string };
  model: string;
  stopReason?: string;
}

/** One of the client's roots. */
export interface ClientRoot {
  uri: string;
  name?: string;
}

/** What code running for an MCP request may ask its client (the extension API's view). */
export interface McpCallContext {
  /** What the calling MCP client declared it can do; undefined when this is not an MCP call. */
  readonly clientCapabilities: Record<string, unknown> | undefined;
  /** Asks the user through the client. */
  elicit(form: ElicitForm, opts?: AskOptions): Promise<ElicitAnswer>;
  /** Asks the client's model for a completion. */
  sample(request: SampleRequest, opts?: AskOptions): Promise<SampleAnswer>;
  /** The client's roots. */
  roots(opts?: AskOptions): Promise<ClientRoot[]>;
}
