import { alcaldiaOfArea, type ColoniaItem } from '../../../shared/colonias.ts';
import { foldText } from '../../../shared/fold-text.ts';

/** What the booking form's colonia offers: the vendor's colonias, then those of the postal code it serves. */
export interface ColoniaChoices {
  options: string[];
  /** The postal code's colonias the vendor serves (all of them for a vendor without service areas). */
  ofPostalCode: string[];
  /** The vendor serves whole alcaldías: their colonias are listed from the postal code. */
  byPostalCode: boolean;
}

/**
 * The colonias the booking form offers (decision 073): each colonia the vendor names (as it names
 * it), then the postal code's colonias (GET /api/colonias) that an alcaldía or a colonia of the
 * vendor's covers — appended, so that a choice made before the postal code stays where it was.
 */
export function coloniaChoices(
  serviceAreas: readonly string[],
  ofCode: readonly ColoniaItem[] | undefined,
): ColoniaChoices {
  const alcaldias = new Set(serviceAreas.map(alcaldiaOfArea).filter((a) => a !== undefined));
  const named = serviceAreas.filter((area) => !alcaldiaOfArea(area));
  const folded = new Set(named.map(foldText));
  const ofPostalCode = (ofCode ?? [])
    .filter(
      (colonia) =>
        serviceAreas.length === 0 ||
        alcaldias.has(colonia.alcaldia as never) ||
        folded.has(foldText(colonia.label)) ||
        folded.has(foldText(colonia.name)),
    )
    .map((colonia) => colonia.label);
  return {
    options: [...named, ...ofPostalCode.filter((label) => !folded.has(foldText(label)))],
    ofPostalCode,
    byPostalCode: alcaldias.size > 0,
  };
}
