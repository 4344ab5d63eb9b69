// `npx tsx profile-summary.ts <file.cpuprofile> [seconds back from the end] [top]`: the functions
// that took the most samples in that window (src/cpu-profile.ts).
import { readFileSync } from "node:fs";
import { type CpuProfile, summarizeProfile } from "./src/cpu-profile.ts";

const [file, back = "40", top = "30"] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx profile-summary.ts <file.cpuprofile> [seconds back from the end] [top]");
const s = summarizeProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, Number(back));
const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)} %`;
console.log(`${s.samples} samples in the last ${back} s · collector ${pct(s.gc)} · idle ${pct(s.idle)}`);
for (const f of s.self.slice(0, Number(top))) console.log(`${pct(f.share)}  ${f.name}`);
