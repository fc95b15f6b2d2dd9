import { useQuery } from "@tanstack/react-query";
import type { FreeTrialInfo } from "@wr/contracts";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

export const TRIAL_QUERY_KEY = ["trial-status"] as const;

/** The guest's free-trial status; never fetched for a signed-in user (SPEC §4). */
export function useTrialStatus() {
  const { user, checking } = useSession();
  const guest = !user && !checking;
  const query = useQuery<FreeTrialInfo>({
    queryKey: TRIAL_QUERY_KEY,
    queryFn: () => trpc.trial.status.query(),
    enabled: guest,
    staleTime: 30_000,
  });
  return { guest, signedIn: Boolean(user), info: guest ? query.data : undefined };
}
