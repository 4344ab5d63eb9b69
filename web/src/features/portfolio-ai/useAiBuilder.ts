import { AI_ERRORS, type AiLang, type AiReply, aiRequestSchema, aiSearchTerm } from "@sofi/core";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, ApiShapeError, apiWrite } from "../../kernel/api.ts";

/** The i18n keys (`errors.*`) of core's AI_ERRORS texts, the web's and the API's. */
export type PhraseProblem = "required" | "tooLong" | "invalid";

const PROBLEM_OF: Record<string, PhraseProblem> = {
  [AI_ERRORS.required]: "required",
  [AI_ERRORS.tooLong]: "tooLong",
  [AI_ERRORS.invalid]: "invalid",
};

/** What is wrong with a phrase before it is sent (spec 001 §5: a non-empty term), or null. */
export function phraseProblem(text: string): PhraseProblem | null {
  const r = aiRequestSchema.safeParse({ message: text });
  if (r.success) return null;
  return PROBLEM_OF[r.error.issues[0]?.message ?? ""] ?? "invalid";
}

/** `/sts/create?search={term}` (spec 001 §2): the wizard preselects the tokens the term matches. */
export function createHref(term: string): string {
  return `/sts/create?search=${encodeURIComponent(term.trim())}`;
}

/** A refused or failed `POST /sofi/ai`: the API's `{ error }` text when it sent one. */
export class AiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly apiMessage: string | null,
  ) {
    super(`POST /sofi/ai failed: HTTP ${status}${apiMessage ? ` (${apiMessage})` : ""}`);
    this.name = "AiRequestError";
  }
}

/**
 * `POST /api/{chain}/sofi/ai` with the phrase, through the kernel's `apiWrite` (the reply checked
 * against the contract's schema); a refusal or a reply of the wrong shape is an `AiRequestError`.
 */
export async function postAi(
  chain: string,
  message: string,
  lang: AiLang,
  opts: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<AiReply> {
  try {
    return await apiWrite("ai", { chain, body: { message, lang }, ...opts });
  } catch (e) {
    if (e instanceof ApiError) throw new AiRequestError(e.status, e.apiMessage);
    if (e instanceof ApiShapeError) throw new AiRequestError(200, null);
    throw e;
  }
}

/**
 * The AI box's state (spec 001 §2 "Build your portfolio with AI"): the phrase, its problem (checked
 * before sending, and the API's own answer mapped back), the request's loading and error, the
 * reply, and the wizard link that preselects the picked tokens.
 */
export function useAiBuilder(chain: string, lang: AiLang) {
  const [text, setTextState] = useState("");
  const [problem, setProblem] = useState<PhraseProblem | null>(null);
  const last = useRef("");
  const mutation = useMutation({
    mutationFn: (message: string) => postAi(chain, message, lang),
    onError: (e) => {
      const known = e instanceof AiRequestError && e.apiMessage ? PROBLEM_OF[e.apiMessage] : undefined;
      if (known) setProblem(known);
    },
  });
  const { mutate } = mutation;

  const submit = useCallback(
    (value: string) => {
      const p = phraseProblem(value);
      setProblem(p);
      if (p) return;
      last.current = value.trim();
      mutate(last.current);
    },
    [mutate],
  );
  const setText = useCallback((v: string) => {
    setTextState(v);
    setProblem(null);
  }, []);

  const reply = mutation.isPending ? undefined : mutation.data;
  const failed = mutation.isError && !problem;
  return {
    text,
    setText,
    submit,
    problem,
    loading: mutation.isPending,
    failed,
    retry: () => {
      if (last.current) mutate(last.current);
    },
    reply,
    createHref: reply && reply.tokens.length > 0 ? createHref(aiSearchTerm(reply.tokens)) : null,
  };
}
export type AiBuilderState = ReturnType<typeof useAiBuilder>;

/** The interest view's state (spec 001 §2): a term, its problem, and going to the wizard with it. */
export function useInterest() {
  const navigate = useNavigate();
  const [term, setTermState] = useState("");
  const [problem, setProblem] = useState<PhraseProblem | null>(null);
  const go = useCallback(
    (value: string) => {
      const p = phraseProblem(value);
      setProblem(p);
      if (!p) navigate(createHref(value));
    },
    [navigate],
  );
  const setTerm = useCallback((v: string) => {
    setTermState(v);
    setProblem(null);
  }, []);
  return { term, setTerm, problem, go };
}
export type InterestState = ReturnType<typeof useInterest>;
