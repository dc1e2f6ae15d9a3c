// SAT's catalogue of tax regimes (c_RegimenFiscal, in the CFDI 4.0 catalogues of Anexo 20,
// catCFDI_V_4, as SAT publishes it in 2026): the code each CFDI names, its official name, and
// whether it applies to an individual (persona física, a 13-character RFC) or a company (persona
// moral, 12 characters). Only the regimes under which someone can sell a service are listed: wages,
// interest, dividends, prizes, hydrocarbons and the like are not how a vendor earns on Barrio.

export interface TaxRegime {
  code: string;
  /** SAT's name, as the vendor's Constancia de Situación Fiscal prints it. */
  name: string;
  fisica: boolean;
  moral: boolean;
}

export const taxRegimes = [
  {
    code: '625',
    name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    fisica: true,
    moral: false,
  },
  { code: '626', name: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
  {
    code: '612',
    name: 'Personas Físicas con Actividades Empresariales y Profesionales',
    fisica: true,
    moral: false,
  },
  { code: '621', name: 'Incorporación Fiscal', fisica: true, moral: false },
  { code: '606', name: 'Arrendamiento', fisica: true, moral: false },
  { code: '616', name: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { code: '601', name: 'General de Ley Personas Morales', fisica: false, moral: true },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  {
    code: '620',
    name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    fisica: false,
    moral: true,
  },
  {
    code: '622',
    name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    fisica: false,
    moral: true,
  },
] as const satisfies readonly TaxRegime[];

export type TaxRegimeCode = (typeof taxRegimes)[number]['code'];
export const taxRegimeCodes = taxRegimes.map((r) => r.code) as [TaxRegimeCode, ...TaxRegimeCode[]];

export const taxRegimeOf = (code: string): TaxRegime | undefined => taxRegimes.find((r) => r.code === code);
