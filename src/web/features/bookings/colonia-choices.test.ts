import { describe, expect, it } from 'vitest';
import type { ColoniaItem } from '../../../shared/colonias.ts';
import { coloniaChoices } from './colonia-choices.ts';

// The booking form's colonias (decision 073): the vendor's, then the postal code's it serves.

const colonia = (name: string, alcaldia: string, code: string, label = name): ColoniaItem => ({
  name,
  alcaldia,
  postal_codes: [code],
  label,
});
const escandon = [
  colonia('Escandón I Sección', 'Miguel Hidalgo', '11800'),
  colonia('Escandón II Sección', 'Miguel Hidalgo', '11800'),
];

describe('the booking form’s colonia choices', () => {
  it('offers a vendor’s colonias as before, whatever the postal code', () => {
    expect(coloniaChoices(['Roma Norte', 'Condesa'], undefined)).toEqual({
      options: ['Roma Norte', 'Condesa'],
      ofPostalCode: [],
      byPostalCode: false,
    });
    // 06700 is Roma Norte's: the list stays as it was, so a choice made before stays.
    expect(coloniaChoices(['Roma Norte', 'Condesa'], [colonia('Roma Norte', 'Cuauhtémoc', '06700')])).toEqual(
      {
        options: ['Roma Norte', 'Condesa'],
        ofPostalCode: ['Roma Norte'],
        byPostalCode: false,
      },
    );
  });

  it('lists the postal code’s colonias of an alcaldía the vendor serves whole, after its own', () => {
    expect(coloniaChoices(['Condesa', 'Alcaldía Miguel Hidalgo'], undefined)).toEqual({
      options: ['Condesa'],
      ofPostalCode: [],
      byPostalCode: true,
    });
    expect(coloniaChoices(['Condesa', 'Alcaldía Miguel Hidalgo'], escandon).options).toEqual([
      'Condesa',
      'Escandón I Sección',
      'Escandón II Sección',
    ]);
    // Colonias of an alcaldía it does not serve are not offered.
    expect(coloniaChoices(['Alcaldía Benito Juárez'], escandon).ofPostalCode).toEqual([]);
  });

  it('offers every colonia of the postal code to a vendor without service areas', () => {
    expect(coloniaChoices([], escandon)).toEqual({
      options: ['Escandón I Sección', 'Escandón II Sección'],
      ofPostalCode: ['Escandón I Sección', 'Escandón II Sección'],
      byPostalCode: false,
    });
  });
});
