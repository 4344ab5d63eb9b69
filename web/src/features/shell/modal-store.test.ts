import { beforeEach, describe, expect, it } from "vitest";
import { useAppModal } from "./modal-store.ts";

describe("application modal state (spec 000 §4)", () => {
  beforeEach(() => useAppModal.setState({ openModal: null }));

  it("toggling opens a closed modal and closes an open one", () => {
    useAppModal.getState().toggleModal("settings");
    expect(useAppModal.getState().openModal).toBe("settings");
    useAppModal.getState().toggleModal("settings");
    expect(useAppModal.getState().openModal).toBeNull();
  });

  it("keeps at most one modal open", () => {
    useAppModal.getState().toggleModal("settings");
    useAppModal.getState().toggleModal("wallet");
    expect(useAppModal.getState().openModal).toBe("wallet");
  });
});
