// Seed 001 s5 fuel cost, mirrored from domain::rules::fuel::weekly_fuel_cost (both sides
// are tested on domain/tests/data/fuel_cases.json): weekly cost = distance / 100 ×
// consumption × price, to the cent. The operations run in the Rust order so both give
// the same floating-point answer.

/** Weekly fuel cost in dollars, to the cent. */
export function weeklyFuelCost(kmPerWeek: number, consumption: number, fuelPrice: number): number {
  return Math.round((kmPerWeek / 100) * consumption * fuelPrice * 100) / 100;
}

/** A shopper's number input as a value the formula takes: blank, negative or unreadable is 0. */
export function inputNumber(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}
