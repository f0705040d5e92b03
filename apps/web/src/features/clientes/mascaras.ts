import { somenteDigitos } from '@bonifica/contracts';

/** DD/MM/AAAA as it is typed: the slashes appear by themselves, anything but digits is dropped. */
export function mascararData(texto: string): string {
  const d = somenteDigitos(texto).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** ISO date from the API → DD/MM/AAAA for the input. */
export function isoParaDataBR(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  const [a, m, d] = iso.split('-');
  return `${d}/${m}/${a}`;
}

/** (11) 98765-4321 as it is typed; 10 digits keep the landline shape (11) 3265-0606. */
export function mascararTelefone(texto: string): string {
  const d = somenteDigitos(texto).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = `(${d.slice(0, 2)}) `;
  const resto = d.slice(2);
  if (d.length <= 6) return `${ddd}${resto}`;
  if (d.length <= 10) return `${ddd}${resto.slice(0, 4)}-${resto.slice(4)}`;
  return `${ddd}${resto.slice(0, 5)}-${resto.slice(5)}`;
}

/** 01001-000 as it is typed. */
