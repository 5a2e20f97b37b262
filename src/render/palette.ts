/** Fill colours by node label (colour-blind-friendly Okabe-Ito and Tableau tones); others grey. One palette for every page. */
const COLOURS: Record<string, string> = {
  Domain: '#0072B2',
  Company: '#D55E00',
  Email: '#009E73',
  Phone: '#CC79A7',
  Branch: '#E69F00',
  IP: '#56B4E9',
  NameServer: '#7F7F7F',
  MailServer: '#8C564B',
  Registrar: '#9467BD',
  Technology: '#BCBD22',
  Person: '#F0E442',
  Address: '#17BECF',
  SocialProfile: '#AEC7E8',
  Activity: '#98DF8A',
};

/** The colour of a node label (#rrggbb). */
export function colourOf(label: string): string {
  return COLOURS[label] ?? '#999999';
}
