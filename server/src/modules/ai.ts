/**
 * AI portfolio builder (issue 11, 24): `POST /sofi/ai` ranks allow-listed tokens for an interest,
 * offline or with an OpenAI-compatible model. Its slice: the endpoint, its timeout and its cap.
 */
import { z } from "zod";
import { aiArea } from "../api/ai.ts";
import { configSlice, defineModule } from "./module.ts";

export const aiModule = defineModule({
  name: "ai",
  config: configSlice(
    z.object({
      AI_BASE_URL: z
        .url({ protocol: /^https?$/, message: "must be an http(s) URL, e.g. https://api.openai.com/v1" })
        // the key travels in a header: plain http only to this machine (a local model server)
        .refine((u) => u.startsWith("https:") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(u), {
          message: "must be https (plain http only to 127.0.0.1, localhost or [::1]): the API key is sent with it",
        })
        .optional(),
      AI_MODEL: z.string().min(1).optional(),
      AI_API_KEY: z.string().min(1).optional(),
      AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
      AI_MODEL_PER_MINUTE: z.coerce.number().int().min(0).default(120),
    }),
    (e): AiConfig => ({
      endpoint:
        e.AI_BASE_URL && e.AI_MODEL && e.AI_API_KEY
          ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), model: e.AI_MODEL, apiKey: e.AI_API_KEY }
          : null,
      timeoutMs: e.AI_TIMEOUT_MS,
      perMinute: e.AI_MODEL_PER_MINUTE,
    }),
  ),
  areas: [aiArea],
});

export type AiConfig = {
  /** The OpenAI-compatible endpoint (null: offline ranking only). */
  endpoint: { baseUrl: string; model: string; apiKey: string } | null;
  timeoutMs: number;
  /** Model calls per minute over all clients (0: no cap); past it answers are offline. */
  perMinute?: number;
};
