import { useConnection } from "wagmi";
import { SplashSpinner } from "../shell/index.ts";

/** Spec 000 §2: the shell's full-screen spinner while the wallet connects (it appears after 600 ms). */
export function ConnectingSpinner() {
  const { status } = useConnection();
  return <SplashSpinner active={status === "connecting" || status === "reconnecting"} />;
}
