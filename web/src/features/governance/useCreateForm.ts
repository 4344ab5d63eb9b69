import {
  type ActionDraft,
  type ActionKind,
  DEFAULT_VOTING_DAYS,
  PROPOSAL_CONTENT_MAX,
  type ProposalKind,
  proposalFormProblem,
  proposalTitleProblem,
} from "@sofi/core";
import { useCallback, useMemo, useState } from "react";
import {
  type ActionFieldProblems,
  actionFieldProblems,
  actionKindsOf,
  clampDays,
  hasFieldProblem,
  newAction,
  removeAction,
  saveAction,
} from "./rules.ts";

/** The action modal: closed, or editing a draft at `index` (-1: a new one, §4). */
export type ActionModal = { open: false } | { open: true; index: number; draft: ActionDraft; tried: boolean };

/**
 * The create form's own state (spec 002 §3 "Proposal being created", §4 creation flow, §5): title,
 * markdown content with its write/preview tab, voting days, the governance actions and the action
 * modal (add at index -1 or edit; save replaces or appends; remove deletes the edited action), and
 * the checks before confirm. No chain here: `useCreateState` adds the wallet, the stake and the send.
 */
export function useCreateForm(
  kind: ProposalKind,
  factory: string | undefined,
  daysRange: { min: number; max: number },
) {
  const [title, setTitle] = useState("");
  const [content, setContentRaw] = useState("");
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [days, setDaysRaw] = useState(DEFAULT_VOTING_DAYS);
  const [actions, setActions] = useState<ActionDraft[]>([]);
  const [modal, setModal] = useState<ActionModal>({ open: false });
  /** The check before confirm failed once: the fields show their messages from then on. */
  const [tried, setTried] = useState(false);

  const kinds = useMemo(() => actionKindsOf(kind), [kind]);
  const defaultKind = kinds[0] as ActionKind;

  const openAdd = useCallback(
    () => setModal({ open: true, index: -1, draft: newAction(defaultKind, factory ?? ""), tried: false }),
    [defaultKind, factory],
  );
  const openEdit = useCallback(
    (index: number) => {
      const a = actions[index];
      if (a) setModal({ open: true, index, draft: structuredClone(a), tried: false });
    },
    [actions],
  );
  const close = useCallback(() => setModal({ open: false }), []);
  const edit = useCallback(
    (f: (d: ActionDraft) => ActionDraft) => setModal((m) => (m.open ? { ...m, draft: f(m.draft) } : m)),
    [],
  );
  /** A new action kind: its template (an edit-portfolio-list kind keeps the addresses typed so far). */
  const setActionKind = useCallback(
    (k: ActionKind) =>
      edit((d) => {
        const next = newAction(k, factory ?? d.contract);
        const keep = d.kind !== "CUSTOM" && k !== "CUSTOM" ? d.attributes[0]?.value : undefined;
        return keep ? { ...next, attributes: [{ key: next.attributes[0]?.key ?? "", value: keep }] } : next;
      }),
    [edit, factory],
  );

  const problems: ActionFieldProblems | null = modal.open ? actionFieldProblems(modal.draft) : null;

  /** §4 "save replaces or appends": only a draft without problems; otherwise its messages show. */
  const save = useCallback((): boolean => {
    if (!modal.open) return false;
    if (hasFieldProblem(actionFieldProblems(modal.draft))) {
      setModal({ ...modal, tried: true });
      return false;
    }
    setActions((list) => saveAction(list, modal.index, modal.draft));
    setModal({ open: false });
    return true;
  }, [modal]);

  /** §4 "remove deletes the edited action" (a new one is just closed). */
  const remove = useCallback(() => {
    if (!modal.open) return;
    if (modal.index >= 0) setActions((list) => removeAction(list, modal.index));
    setModal({ open: false });
  }, [modal]);

  const titleProblem = proposalTitleProblem(title);
  /** §5 "Before confirm": content, then at least one action (then each action's own problem). */
  const formProblem = proposalFormProblem(content, actions);

  /** The check before the confirm modal: true when it may open; else the messages show. */
  const check = useCallback((): boolean => {
    setTried(true);
    return !formProblem && !titleProblem;
  }, [formProblem, titleProblem]);

  return {
    kind,
    kinds,
    title,
    setTitle,
    content,
    setContent: (v: string) => setContentRaw(v.slice(0, PROPOSAL_CONTENT_MAX)),
    tab,
    setTab,
    days,
    setDays: (v: number | null) => setDaysRaw(clampDays(v ?? daysRange.min, daysRange)),
    /** The days shown: the chosen ones inside the contract's range. */
    shownDays: clampDays(days, daysRange),
    actions,
    modal,
    problems,
    openAdd,
    openEdit,
    close,
    edit,
    setActionKind,
    save,
    remove,
    tried,
    titleProblem: tried ? titleProblem : null,
    rawTitleProblem: titleProblem,
    formProblem,
    shownFormProblem: tried ? formProblem : null,
    check,
  };
}

export type CreateForm = ReturnType<typeof useCreateForm>;
