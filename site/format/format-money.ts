const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars with US digit grouping: 1250000 → "$1,250,000"; fractions keep their cents. */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount);
}
