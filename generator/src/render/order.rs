//! The order a build renders its cars' pages in.

use domain::car::Car;
use domain::rules::availability::model_key;

/// The positions in `cars` with the cars of one make and model one after another (stock
/// order within a model, models in key order): their vehicle pages list mostly the same
/// similar cars, so an SSR worker rendering them in this order still keeps the cards it
/// rendered for the first of them.
pub fn render_order(cars: &[Car]) -> Vec<usize> {
    let mut order: Vec<(_, usize)> = cars
        .iter()
        .enumerate()
        .map(|(at, car)| (model_key(car), at))
        .collect();
    order.sort_by(|a, b| a.0.cmp(&b.0));
    order.into_iter().map(|(_, at)| at).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car(id: u64, make: &str, model: &str) -> Car {
        Car {
            id,
            make: make.into(),
            model: model.into(),
            ..Car::default()
        }
    }

    #[test]
    fn the_cars_of_a_model_render_together_in_stock_order() {
        let cars = [
            car(1, "Toyota", "Corolla"),
            car(2, "Mazda", "CX-5"),
            car(3, "toyota", "corolla "),
            car(4, "Toyota", "HiLux"),
            car(5, "Mazda", "CX-5"),
        ];
        let ids: Vec<u64> = render_order(&cars).iter().map(|&at| cars[at].id).collect();
        assert_eq!(ids, [2, 5, 1, 3, 4]);
    }
}
