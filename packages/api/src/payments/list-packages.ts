import type { PaymentPackage } from "@wr/contracts";
import type { ServiceContext } from "../context";

export function listPackages({ ctx }: { ctx: ServiceContext }): { packages: PaymentPackage[] } {
  return { packages: ctx.config.payments.packages };
}
