import type { Region } from "../regions";
import { areaOptions } from "./area";
import { enableOption } from "./time-range";

/** A filled black box over the region during its time range. */
export function blackBox(region: Region): string {
  return `drawbox=${areaOptions(region)}:color=black:t=fill${enableOption(region)}`;
}
