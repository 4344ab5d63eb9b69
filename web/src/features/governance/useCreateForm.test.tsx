import { PROPOSAL_ERRORS } from "@sofi/core";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCreateForm } from "./useCreateForm.ts";

const FACTORY = "0xA4899D35897033b927acFCf422bc745916139776";
const NOVA = "0xCace1b78160AE76398F486c8a18044da0d66d86D";
const WETH = "0x0000000000000000000000000000000000000001";
const RANGE = { min: 3, max: 30 };

const setup = (kind: "editPortfolioList" | "marketingCampaign" = "editPortfolioList") =>
  renderHook(() => useCreateForm(kind, FACTORY, RANGE));

type Form = ReturnType<typeof setup>["result"];
const setValue = (r: Form, value: string) =>
  act(() => r.current.edit((d) => ({ ...d, attributes: [{ key: d.attributes[0]?.key ?? "", value }] })));

describe("the create form's state (§4 action modal, §5 checks)", () => {
  it("add opens the modal at index -1 with the kind's template (the factory, keys locked)", () => {
    const { result } = setup();
    act(() => result.current.openAdd());
    expect(result.current.modal).toMatchObject({
      open: true,
      index: -1,
      draft: { kind: "ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", contract: FACTORY, functionName: "addTokens" },
    });
    expect(result.current.kinds).toEqual(["ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", "DELETE_TOKEN_FROM_PORTFOLIO_LIST"]);
  });

  it("save refuses a draft with problems and shows them; with a value it appends", () => {
    const { result } = setup();
    act(() => result.current.openAdd());
    let saved = true;
    act(() => {
      saved = result.current.save();
    });
    expect(saved).toBe(false);
    expect(result.current.modal).toMatchObject({ open: true, tried: true });
    expect(result.current.problems?.attributes[0]?.value).toBe(PROPOSAL_ERRORS.missingValue);
    setValue(result, `["${NOVA}"]`);
    act(() => {
      saved = result.current.save();
    });
    expect(saved).toBe(true);
    expect(result.current.modal.open).toBe(false);
    expect(result.current.actions).toHaveLength(1);
    expect(result.current.actions[0]?.attributes[0]?.value).toBe(`["${NOVA}"]`);
  });

  it("edit replaces the action at its index; remove deletes the edited action", () => {
    const { result } = setup();
    for (const v of [`["${NOVA}"]`, `["${WETH}"]`]) {
      act(() => result.current.openAdd());
      setValue(result, v);
      act(() => void result.current.save());
    }
    expect(result.current.actions.map((a) => a.attributes[0]?.value)).toEqual([`["${NOVA}"]`, `["${WETH}"]`]);
    act(() => result.current.openEdit(0));
    expect(result.current.modal).toMatchObject({ open: true, index: 0 });
    act(() => result.current.setActionKind("DELETE_TOKEN_FROM_PORTFOLIO_LIST"));
    expect(result.current.modal.open && result.current.modal.draft.functionName).toBe("removeTokens");
    // the addresses typed so far stay when the kind changes
    expect(result.current.modal.open && result.current.modal.draft.attributes[0]?.value).toBe(`["${NOVA}"]`);
    act(() => void result.current.save());
    expect(result.current.actions.map((a) => a.functionName)).toEqual(["removeTokens", "addTokens"]);
    act(() => result.current.openEdit(1));
    act(() => result.current.remove());
    expect(result.current.actions.map((a) => a.functionName)).toEqual(["removeTokens"]);
    // remove on a new action only closes it
    act(() => result.current.openAdd());
    act(() => result.current.remove());
    expect(result.current.modal.open).toBe(false);
    expect(result.current.actions).toHaveLength(1);
  });

  it("cancel leaves the list as it was (the modal edits a copy)", () => {
    const { result } = setup();
    act(() => result.current.openAdd());
    setValue(result, `["${NOVA}"]`);
    act(() => void result.current.save());
    act(() => result.current.openEdit(0));
    setValue(result, `["${WETH}"]`);
    act(() => result.current.close());
    expect(result.current.actions[0]?.attributes[0]?.value).toBe(`["${NOVA}"]`);
  });

  it("a marketing campaign's free-form action: every field's message", () => {
    const { result } = setup("marketingCampaign");
    act(() => result.current.openAdd());
    act(() => void result.current.save());
    expect(result.current.problems).toEqual({
      contract: "Please enter Contract address",
      functionName: "Please enter Function name",
      attributes: [{ key: "Missing key", value: "Missing value" }],
    });
  });

  it("before confirm: content, then an action (§5); the title is a field of its own", () => {
    const { result } = setup();
    let ok = true;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(false);
    expect(result.current.shownFormProblem).toBe("Please input content");
    act(() => result.current.setContent("Why"));
    expect(result.current.formProblem).toBe("Please add Governance Action");
    act(() => result.current.openAdd());
    setValue(result, `["${NOVA}"]`);
    act(() => void result.current.save());
    expect(result.current.formProblem).toBeNull();
    expect(result.current.titleProblem).toBe(PROPOSAL_ERRORS.title);
    act(() => result.current.setTitle("List NOVA"));
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(true);
  });

  it("voting days stay within the range; content is capped", () => {
    const { result } = setup();
    expect(result.current.shownDays).toBe(5);
    act(() => result.current.setDays(45));
    expect(result.current.shownDays).toBe(30);
    act(() => result.current.setDays(null));
    expect(result.current.shownDays).toBe(3);
    act(() => result.current.setContent("x".repeat(25_000)));
    expect(result.current.content).toHaveLength(20_000);
  });
});
