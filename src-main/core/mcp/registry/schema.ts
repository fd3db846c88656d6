import { z } from 'zod';

/**
 * The MCP Registry's v0.1 API (`server.json` entries), as far as Glassbox reads it. Objects are
 * loose: a registry may add fields, and those are kept, not refused.
 */
export const RegistryInputSchema = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.string().optional(),
  value: z.string().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});

/** An input whose `value` may name `{variables}`. */
export const RegistryInputWithVariablesSchema = RegistryInputSchema.extend({
  variables: z.record(z.string(), RegistryInputSchema).optional(),
});

/** An environment variable or header. */
export const RegistryKeyValueSchema = RegistryInputWithVariablesSchema.extend({ name: z.string().min(1) });

/** A positional or named command-line argument. */
export const RegistryArgumentSchema = RegistryInputWithVariablesSchema.extend({
  type: z.enum(['positional', 'named']),
  name: z.string().optional(),
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional(),
});

/** How a package or remote is spoken to. */
export const RegistryTransportSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  headers: z.array(RegistryKeyValueSchema).optional(),
  variables: z.record(z.string(), RegistryInputSchema).optional(),
});

/** A package that runs the server locally (npm, pypi, oci, …). */
export const RegistryPackageSchema = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.string().optional(),
  identifier: z.string().min(1),
  version: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: RegistryTransportSchema,
  runtimeArguments: z.array(RegistryArgumentSchema).optional(),
  packageArguments: z.array(RegistryArgumentSchema).optional(),
  environmentVariables: z.array(RegistryKeyValueSchema).optional(),
});

/** A `server.json` document. */
export const RegistryServerSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().default(''),
  version: z.string().min(1),
  title: z.string().optional(),
  websiteUrl: z.string().optional(),
  repository: z.looseObject({ url: z.string().optional(), source: z.string().optional() }).optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RegistryTransportSchema).optional(),
});

const OfficialMetaSchema = z.looseObject({
  status: z.string().optional(),
  isLatest: z.boolean().optional(),
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** One entry as the API answers it: the server and the registry's own metadata. */
export const RegistryServerResponseSchema = z.looseObject({
  server: RegistryServerSchema,
  _meta: z.looseObject({ 'io.modelcontextprotocol.registry/official': OfficialMetaSchema.optional() }).optional(),
});

/** A page of entries. */
export const RegistryServerListSchema = z.looseObject({
  servers: z.array(RegistryServerResponseSchema),
  metadata: z.looseObject({ nextCursor: z.string().nullish(), count: z.number().optional() }).optional(),
});

/** A `server.json` document. */
export type RegistryServer = z.infer<typeof RegistryServerSchema>;
/** One entry with the registry's metadata. */
export type RegistryServerResponse = z.infer<typeof RegistryServerResponseSchema>;
/** A package of an entry. */
export type RegistryPackage = z.infer<typeof RegistryPackageSchema>;
/** A remote (or a package's) transport. */
export type RegistryTransport = z.infer<typeof RegistryTransportSchema>;
/** An environment variable or header. */
export type RegistryKeyValue = z.infer<typeof RegistryKeyValueSchema>;
/** A command-line argument. */
export type RegistryArgument = z.infer<typeof RegistryArgumentSchema>;
/** An input (value, default, secret …). */
export type RegistryInput = z.infer<typeof RegistryInputSchema>;
