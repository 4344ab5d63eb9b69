import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useRecipient } from "./useRecipient.ts";

vi.mock("../wallet/index.ts", () => ({ useEnsClient: () => undefined }));

describe("recipient field (issue 9 #16)", () => {
  it("every change of the recipient tells the page, which clears an earlier failure", () => {
    const onEdit = vi.fn();
    const { result } = renderHook(() => useRecipient(true, 31337, onEdit));
    act(() => result.current.open());
    expect(onEdit).toHaveBeenCalledTimes(1);
    act(() => result.current.setRaw("0x0000000000000000000000000000000000000000"));
    expect(onEdit).toHaveBeenCalledTimes(2);
    expect(result.current.check).toEqual({ kind: "address", value: "0x0000000000000000000000000000000000000000" });
    act(() => result.current.setRaw("0x7f367cc41522ce07553e823bf3be79a889debe1b"));
    expect(onEdit).toHaveBeenCalledTimes(3);
    act(() => result.current.close());
    expect(onEdit).toHaveBeenCalledTimes(4);
    expect(result.current.check).toBeUndefined();
  });
});
