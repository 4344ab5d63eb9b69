import { avatarProblem } from "./rules.ts";

function readAs(file: Blob, how: "buffer" | "dataUrl"): Promise<ArrayBuffer | string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer | string);
    r.onerror = () => reject(r.error ?? new Error("read failed"));
    if (how === "buffer") r.readAsArrayBuffer(file);
    else r.readAsDataURL(file);
  });
}

/**
 * Checks an avatar file in the browser before anything is sent (spec 001 §5): JPG/PNG by its type
 * and its first bytes, under 2 MB. Resolves to the spec's message, or to the file as a data URL.
 */
export async function readAvatar(file: File): Promise<{ problem: string } | { dataUrl: string }> {
  const head = new Uint8Array((await readAs(file.slice(0, 16), "buffer")) as ArrayBuffer);
  const problem = avatarProblem(file, head);
  if (problem) return { problem };
  return { dataUrl: (await readAs(file, "dataUrl")) as string };
}
