/** @module Whether a vehicle's brand, model and license plate may be stored as sent (spec 2 section 7.13). */

export interface VehicleChoice {
  brandId: number | null;
  modelId: number | null;
  licensePlate: string | null;
}

/** What the catalog holds for the choice: the model sent (when one was), or else the brand sent. */
export interface CatalogFacts {
  model?: { brandId: number } | null;
  brandExists?: boolean;
}

export type ChoiceVerdict =
  | { ok: true; brandId: number | null; modelId: number | null }
  | {
      ok: false;
      key: 'licensePlateRequired' | 'vehicleModelInvalid';
      field: 'license_plate' | 'model_id' | 'brand_id';
    };

/**
 * The company may make the plate mandatory; a model must exist and belong to the brand sent (its
 * brand is taken when none was sent); a brand alone must exist.
 */
export function judgeVehicleChoice(choice: VehicleChoice, mandatoryPlate: boolean, facts: CatalogFacts): ChoiceVerdict {
  if (mandatoryPlate && !choice.licensePlate) return { ok: false, key: 'licensePlateRequired', field: 'license_plate' };
  if (choice.modelId !== null) {
    const model = facts.model;
    if (!model || (choice.brandId !== null && model.brandId !== choice.brandId))
      return { ok: false, key: 'vehicleModelInvalid', field: 'model_id' };
    return { ok: true, brandId: model.brandId, modelId: choice.modelId };
  }
  if (choice.brandId !== null && !facts.brandExists)
    return { ok: false, key: 'vehicleModelInvalid', field: 'brand_id' };
  return { ok: true, brandId: choice.brandId, modelId: null };
}
