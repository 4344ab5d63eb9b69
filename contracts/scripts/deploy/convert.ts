/**
 * Convert RAI to SOFI (spec 001 §7 "RAI to SOFI swap at 1 RAI = 1 SOFI"): SofiConverter(owner, RAI,
 * SOFI) owned by the deployer (`contracts.sofiConverter`), its SOFI reserve funded with
 * CONVERTER_RESERVE_SOFI: the deployer mints the SOFI (it owns the test SOFI), approves and deposits.
 * Idempotent: a converter with code at its recorded address is kept, and the reserve is only funded
 * while it is empty (a re-run sends nothing; a run after the reserve sold out tops it up).
 */
import { parseUnits } from "viem";
import { sofiConverterAbi, sofiTokenAbi } from "../../../packages/protocol/src/abis/index.ts";
import { sofiConverterBytecode } from "../generated/bytecode.ts";
import { type DeployStep, need } from "./kit.ts";

/** Whole SOFI the converter's reserve starts with. */
export const CONVERTER_RESERVE_SOFI = "10000000";

export const convertStep: DeployStep<"sofiConverter"> = {
  name: "convert",
  contracts: ["sofiConverter"],
  async run(ctx, record) {
    const token = (symbol: string) =>
      need(
        record.tokens.find((t) => t.symbol === symbol),
        `token ${symbol}`,
        "convert",
      );
    const rai = token("RAI");
    const sofi = token("SOFI");
    const sofiConverter =
      (await ctx.live(record.contracts.sofiConverter)) ??
      (
        await ctx.deploy("SofiConverter", sofiConverterAbi, sofiConverterBytecode, [
          record.deployer,
          rai.address,
          sofi.address,
        ])
      ).address;

    const reserve = await ctx.publicClient.readContract({
      address: sofiConverter,
      abi: sofiConverterAbi,
      functionName: "reserve",
    });
    if (reserve === 0n) {
      const amount = parseUnits(CONVERTER_RESERVE_SOFI, sofi.decimals);
      await ctx.write("SOFI.mint (converter reserve)", {
        address: sofi.address,
        abi: sofiTokenAbi,
        functionName: "mint",
        args: [record.deployer, amount],
      });
      await ctx.write("SOFI.approve (converter)", {
        address: sofi.address,
        abi: sofiTokenAbi,
        functionName: "approve",
        args: [sofiConverter, amount],
      });
      await ctx.write("SofiConverter.deposit", {
        address: sofiConverter,
        abi: sofiConverterAbi,
        functionName: "deposit",
        args: [amount],
      });
    }
    ctx.log(`SofiConverter ${sofiConverter}`);
    return { sofiConverter };
  },
};
