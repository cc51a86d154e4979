//! The makes and models the sample feed draws from: real Australian-market models with
//! their badges, series codes, powertrains and specifications (approximate published
//! figures, rounded), grouped by vehicle category.
//!
//! The table is append-only in spirit: a car is built from its model's index, so
//! reordering entries changes the output for a given seed.

use domain::config::VehicleCategory;

/// Fuel of a powertrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fuel {
    Petrol,
    Premium,
    Diesel,
    Hybrid,
    PlugIn,
    Electric,
    /// Caravans: no engine.
    Unfuelled,
}

impl Fuel {
    /// The feed's `fuel` text.
    pub(crate) fn text(self) -> Option<&'static str> {
        match self {
            Fuel::Petrol => Some("Petrol - Unleaded ULP"),
            Fuel::Premium => Some("Petrol - Premium ULP"),
            Fuel::Diesel => Some("Diesel"),
            Fuel::Hybrid => Some("Hybrid - Petrol/Electric"),
            Fuel::PlugIn => Some("Plug-in Hybrid - Petrol/Electric"),
            Fuel::Electric => Some("Electric"),
            Fuel::Unfuelled => None,
        }
    }

    /// The feed's `simple_fuel` word.
    pub(crate) fn simple(self) -> Option<&'static str> {
        match self {
            Fuel::Petrol | Fuel::Premium => Some("Petrol"),
            Fuel::Diesel => Some("Diesel"),
            Fuel::Hybrid => Some("Hybrid"),
            Fuel::PlugIn => Some("Plug-in Hybrid"),
            Fuel::Electric => Some("Electric"),
            Fuel::Unfuelled => None,
        }
    }
}

/// Driven wheels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drive {
    Fwd,
    Rwd,
    Awd,
    FourWd,
    /// Caravans.
    Undriven,
}

impl Drive {
    /// (`simple_drive`, `drive`).
    pub(crate) fn texts(self) -> Option<(&'static str, &'static str)> {
        match self {
            Drive::Fwd => Some(("FWD", "Front Wheel Drive")),
            Drive::Rwd => Some(("RWD", "Rear Wheel Drive")),
            Drive::Awd => Some(("AWD", "All Wheel Drive")),
            Drive::FourWd => Some(("4WD", "Four Wheel Drive")),
            Drive::Undriven => None,
        }
    }
}

/// Gearbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Trans {
    /// Automatic with this many gears (1 for electric, 0 for CVT).
    Auto(u8),
    /// Manual with this many gears.
    Manual(u8),
    /// No gearbox (caravans).
    Gearless,
}

/// One powertrain of a model: the name suffix, series code and engine figures.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Train {
    /// Appended to the name after the badge ("Hybrid AWD"); may be empty.
    pub label: &'static str,
    /// Series (chassis) code.
    pub series: &'static str,
    pub fuel: Fuel,
    /// Engine litres (0 for electric).
    pub litres: f32,
    pub cylinders: u8,
    pub turbo: bool,
    pub trans: Trans,
    pub drive: Drive,
    /// Combined consumption, L/100km (0 for electric).
    pub l100: f32,
    /// Torque, Nm.
    pub torque: u16,
    /// Added to the badge RRP.
    pub premium: u32,
}

/// One model on sale in Australia.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Model {
    pub make: &'static str,
    /// Other names dealers use for the make ("Isuzu" for "Isuzu UTE").
    pub aliases: &'static [&'static str],
    pub model: &'static str,
    pub category: VehicleCategory,
    /// `simple_body`.
    pub body: &'static str,
    /// `bodyconfiguration`.
    pub bodycfg: &'static str,
    pub seats: u8,
    /// First and last model year sold new.
    pub years: (u16, u16),
    /// World manufacturer identifier (first three VIN characters).
    pub wmi: &'static str,
    /// ANCAP stars (0 = not rated).
    pub ancap: u8,
    /// Length, width, height in mm.
    pub dims: (u16, u16, u16),
    /// Gross vehicle mass (ATM for caravans), kg.
    pub gvm: u32,
    /// Fuel tank, litres (0 when none).
    pub tank: u16,
    /// Braked towing capacity, kg (0 when none).
    pub tow: u32,
    /// Badges with their current RRP in AUD.
    pub badges: &'static [(&'static str, u32)],
    pub trains: &'static [Train],
}

use Drive::*;
use Fuel::*;
use Trans::*;
use VehicleCategory::{Caravans, Cars, Motorcycles, Trucks};

#[allow(clippy::too_many_arguments)]
const fn t(label: &'static str, series: &'static str, fuel: Fuel, litres: f32, cylinders: u8, turbo: bool, trans: Trans, drive: Drive, l100: f32, torque: u16, premium: u32) -> Train {
    Train { label, series, fuel, litres, cylinders, turbo, trans, drive, l100, torque, premium }
}

const fn ev(label: &'static str, series: &'static str, drive: Drive, torque: u16, premium: u32) -> Train {
    t(label, series, Electric, 0.0, 0, false, Auto(1), drive, 0.0, torque, premium)
}

const VAN: Train = t("", "", Unfuelled, 0.0, 0, false, Gearless, Undriven, 0.0, 0, 0);

macro_rules! model {
    ($make:expr, $aliases:expr, $model:expr, $cat:expr, $body:expr, $cfg:expr, $seats:expr, $years:expr, $wmi:expr, $ancap:expr, $dims:expr, $gvm:expr, $tank:expr, $tow:expr, $badges:expr, $trains:expr) => {
        Model {
            make: $make,
            aliases: $aliases,
            model: $model,
            category: $cat,
            body: $body,
            bodycfg: $cfg,
            seats: $seats,
            years: $years,
            wmi: $wmi,
            ancap: $ancap,
            dims: $dims,
            gvm: $gvm,
            tank: $tank,
            tow: $tow,
            badges: $badges,
            trains: $trains,
        }
    };
}

/// Every model of the sample feed.
pub(crate) static MODELS: &[Model] = &[
    // Toyota
    model!("Toyota", &[], "RAV4", Cars, "SUV", "Wagon", 5, (2013, 2026), "JTM", 5, (4600, 1855, 1685), 2190, 55, 1500,
        &[("GX", 39_990), ("GXL", 43_990), ("XSE", 49_990), ("Cruiser", 50_990), ("Edge", 52_990)],
        &[t("Hybrid 2WD", "AXAH52R", Hybrid, 2.5, 4, false, Auto(0), Fwd, 4.7, 221, 2_500), t("Hybrid AWD", "AXAH54R", Hybrid, 2.5, 4, false, Auto(0), Awd, 4.8, 221, 5_500), t("2WD", "MXAA52R", Petrol, 2.0, 4, false, Auto(0), Fwd, 6.5, 207, 0)]),
    model!("Toyota", &[], "HiLux", Cars, "Ute", "Double Cab Pick Up", 5, (2012, 2026), "MR0", 0, (5325, 1855, 1815), 3050, 80, 3500,
        &[("Workmate", 42_990), ("SR", 50_990), ("SR5", 61_990), ("Rogue", 71_990), ("GR Sport", 76_990)],
        &[t("4x4", "GUN126R", Diesel, 2.8, 4, true, Auto(6), FourWd, 8.0, 500, 0), t("4x2 Hi-Rider", "GUN136R", Diesel, 2.4, 4, true, Auto(6), Rwd, 7.6, 400, 0)]),
    model!("Toyota", &[], "Corolla", Cars, "Hatch", "Hatchback", 5, (2012, 2026), "JTN", 5, (4375, 1790, 1435), 1790, 43, 0,
        &[("Ascent Sport", 30_990), ("SX", 34_990), ("ZR", 39_990)],
        &[t("Hybrid", "ZWE219R", Hybrid, 1.8, 4, false, Auto(0), Fwd, 4.0, 142, 2_000), t("", "MZEA12R", Petrol, 2.0, 4, false, Auto(0), Fwd, 6.0, 200, 0)]),
    model!("Toyota", &[], "LandCruiser 300", Cars, "SUV", "Wagon", 7, (2021, 2026), "JTM", 0, (4980, 1980, 1950), 3280, 110, 3500,
        &[("GX", 98_990), ("GXL", 109_990), ("VX", 122_990), ("Sahara", 138_990)],
        &[t("4x4", "FJA300R", Diesel, 3.3, 6, true, Auto(10), FourWd, 8.9, 700, 0)]),
    model!("Toyota", &[], "Camry", Cars, "Sedan", "Sedan", 5, (2012, 2026), "JTN", 5, (4915, 1840, 1445), 2100, 50, 1200,
        &[("Ascent", 40_990), ("SX", 45_990), ("SL", 50_990)],
        &[t("Hybrid", "AXVH71R", Hybrid, 2.5, 4, false, Auto(0), Fwd, 4.2, 221, 0)]),
    model!("Toyota", &[], "Kluger", Cars, "SUV", "Wagon", 7, (2014, 2026), "5TD", 5, (4966, 1930, 1755), 2700, 65, 2000,
        &[("GX", 52_990), ("GXL", 64_990), ("Grande", 80_990)],
        &[t("2WD", "TXUA70R", Petrol, 2.4, 4, true, Auto(8), Fwd, 8.8, 420, 0), t("Hybrid AWD", "AXUH78R", Hybrid, 2.5, 4, false, Auto(0), Awd, 5.6, 242, 6_000)]),
    // Mazda
    model!("Mazda", &[], "CX-5", Cars, "SUV", "Wagon", 5, (2012, 2026), "JM0", 5, (4575, 1845, 1680), 2083, 58, 1800,
        &[("Maxx", 36_490), ("Maxx Sport", 41_990), ("Touring", 44_990), ("GT SP", 51_990), ("Akera", 55_990)],
        &[t("FWD", "KF", Petrol, 2.0, 4, false, Auto(6), Fwd, 6.9, 199, 0), t("AWD", "KF", Petrol, 2.5, 4, false, Auto(6), Awd, 7.4, 252, 3_000)]),
    model!("Mazda", &[], "Mazda3", Cars, "Hatch", "Hatchback", 5, (2012, 2026), "JM0", 5, (4460, 1795, 1435), 1810, 51, 0,
        &[("G20 Pure", 32_890), ("G20 Evolve", 34_890), ("G25 GT", 40_990), ("G25 Astina", 43_990)],
        &[t("", "BP", Petrol, 2.0, 4, false, Auto(6), Fwd, 6.2, 200, 0)]),
    model!("Mazda", &[], "BT-50", Cars, "Ute", "Dual Cab Pick Up", 5, (2012, 2026), "MP2", 5, (5280, 1870, 1790), 3100, 76, 3500,
        &[("XS", 44_990), ("XT", 52_990), ("GT", 62_990), ("Thunder", 70_990)],
        &[t("4x4", "TF", Diesel, 3.0, 4, true, Auto(6), FourWd, 8.0, 450, 0)]),
    // Ford
    model!("Ford", &[], "Ranger", Cars, "Ute", "Double Cab Pick Up", 5, (2012, 2026), "MNA", 5, (5370, 1918, 1884), 3280, 80, 3500,
        &[("XL", 48_990), ("XLS", 55_990), ("XLT", 62_990), ("Sport", 68_990), ("Wildtrak", 72_990), ("Platinum", 82_990)],
        &[t("4x4 2.0 Bi-Turbo", "PY", Diesel, 2.0, 4, true, Auto(10), FourWd, 7.6, 500, 0), t("4x4 3.0 V6", "PY", Diesel, 3.0, 6, true, Auto(10), FourWd, 8.4, 600, 4_000)]),
    model!("Ford", &[], "Everest", Cars, "SUV", "Wagon", 7, (2015, 2026), "MNA", 5, (4914, 1923, 1842), 3190, 80, 3500,
        &[("Ambiente", 56_990), ("Trend", 66_990), ("Sport", 70_990), ("Platinum", 79_990)],
        &[t("4x4", "UB", Diesel, 3.0, 6, true, Auto(10), FourWd, 8.5, 600, 0)]),
    model!("Ford", &[], "Mustang", Cars, "Coupe", "Fastback", 4, (2015, 2026), "1FA", 0, (4811, 1916, 1397), 2150, 61, 0,
        &[("GT", 81_990), ("Dark Horse", 106_990)],
        &[t("5.0 V8", "S650", Premium, 5.0, 8, false, Auto(10), Rwd, 13.0, 567, 0)]),
    // Hyundai
    model!("Hyundai", &[], "i30", Cars, "Hatch", "Hatchback", 5, (2012, 2026), "KMH", 5, (4340, 1795, 1455), 1820, 50, 1300,
        &[("Active", 28_990), ("Elite", 32_990), ("N Line", 35_990), ("N Line Premium", 40_990)],
        &[t("", "PD.V4", Petrol, 2.0, 4, false, Auto(6), Fwd, 7.4, 203, 0)]),
    model!("Hyundai", &[], "Tucson", Cars, "SUV", "Wagon", 5, (2015, 2026), "KMH", 5, (4640, 1865, 1665), 2180, 54, 1900,
        &[("Tucson", 36_000), ("Elite", 43_000), ("Highlander", 51_000)],
        &[t("2WD", "NX4.V2", Petrol, 2.0, 4, false, Auto(6), Fwd, 8.1, 192, 0), t("Hybrid AWD", "NX4.V2", Hybrid, 1.6, 4, true, Auto(6), Awd, 5.7, 265, 5_000)]),
    model!("Hyundai", &[], "Kona", Cars, "SUV", "Wagon", 5, (2017, 2026), "KMH", 5, (4355, 1825, 1580), 1930, 50, 1250,
        &[("Kona", 33_000), ("Premium", 42_000)],
        &[t("Electric", "SX2.V1", Electric, 0.0, 0, false, Auto(1), Fwd, 0.0, 255, 14_000), t("2WD", "SX2.V1", Petrol, 2.0, 4, false, Auto(0), Fwd, 6.6, 180, 0)]),
    // Kia
    model!("Kia", &[], "Sportage", Cars, "SUV", "Wagon", 5, (2012, 2026), "KNA", 5, (4660, 1865, 1665), 2190, 54, 1900,
        &[("S", 35_990), ("SX", 39_990), ("SX+", 45_990), ("GT-Line", 51_990)],
        &[t("2WD", "NQ5", Petrol, 2.0, 4, false, Auto(6), Fwd, 8.1, 192, 0), t("AWD Diesel", "NQ5", Diesel, 2.0, 4, true, Auto(8), Awd, 6.3, 416, 4_500)]),
    model!("Kia", &[], "EV6", Cars, "SUV", "Wagon", 5, (2022, 2026), "KNA", 5, (4695, 1890, 1550), 2480, 0, 1600,
        &[("Air", 67_990), ("GT-Line", 79_990)],
        &[ev("RWD", "CV", Rwd, 350, 0), ev("AWD", "CV", Awd, 605, 8_000)]),
    model!("Kia", &[], "Cerato", Cars, "Sedan", "Sedan", 5, (2013, 2026), "KNA", 5, (4640, 1800, 1440), 1780, 50, 1100,
        &[("S", 28_490), ("Sport", 31_490), ("GT", 38_490)],
        &[t("", "BD", Petrol, 2.0, 4, false, Auto(6), Fwd, 7.4, 192, 0)]),
    // Mitsubishi
    model!("Mitsubishi", &[], "Outlander", Cars, "SUV", "Wagon", 7, (2013, 2026), "JMB", 5, (4710, 1862, 1745), 2380, 55, 2000,
        &[("ES", 37_990), ("LS", 42_990), ("Aspire", 48_990), ("Exceed", 53_990)],
        &[t("PHEV AWD", "ZM", PlugIn, 2.4, 4, false, Auto(1), Awd, 1.9, 332, 10_000), t("2WD", "ZM", Petrol, 2.5, 4, false, Auto(0), Fwd, 7.2, 245, 0)]),
    model!("Mitsubishi", &[], "Triton", Cars, "Ute", "Double Cab Pick Up", 5, (2012, 2026), "MMA", 5, (5320, 1865, 1795), 3200, 75, 3500,
        &[("GLX", 44_990), ("GLX+", 50_990), ("GLS", 56_990), ("GSR", 64_990)],
        &[t("4x4", "MV", Diesel, 2.4, 4, true, Auto(6), FourWd, 7.7, 470, 0)]),
    // Nissan
    model!("Nissan", &[], "X-Trail", Cars, "SUV", "Wagon", 7, (2013, 2026), "JN1", 5, (4680, 1840, 1725), 2260, 55, 2000,
        &[("ST", 38_990), ("ST-L", 45_990), ("N-Trek", 51_990), ("Ti", 52_990), ("Ti-L", 57_990)],
        &[t("2WD", "T33", Petrol, 2.5, 4, false, Auto(0), Fwd, 7.4, 244, 0), t("e-POWER e-4ORCE", "T33", Hybrid, 1.5, 3, true, Auto(1), Awd, 6.1, 525, 7_000)]),
    model!("Nissan", &[], "Navara", Cars, "Ute", "Dual Cab Pick Up", 5, (2015, 2026), "MNT", 5, (5255, 1850, 1840), 3150, 80, 3500,
        &[("SL", 47_990), ("ST", 53_990), ("ST-X", 60_990), ("PRO-4X", 64_990)],
        &[t("4x4", "D23", Diesel, 2.3, 4, true, Auto(7), FourWd, 7.0, 450, 0)]),
    model!("Nissan", &[], "Patrol", Cars, "SUV", "Wagon", 8, (2013, 2026), "JN1", 0, (5175, 1995, 1940), 3500, 140, 3500,
        &[("Ti", 92_990), ("Ti-L", 112_990), ("Warrior", 99_990)],
        &[t("4x4 V8", "Y62", Premium, 5.6, 8, false, Auto(7), FourWd, 14.4, 560, 0)]),
    model!("Nissan", &[], "Qashqai", Cars, "SUV", "Wagon", 5, (2014, 2026), "SJN", 5, (4425, 1835, 1625), 1950, 55, 1500,
        &[("ST", 35_990), ("ST+", 38_990), ("Ti", 45_990)],
        &[t("", "J12", Petrol, 1.3, 4, true, Auto(0), Fwd, 6.1, 250, 0), t("e-POWER", "J12", Hybrid, 1.5, 3, true, Auto(1), Fwd, 5.2, 330, 5_000)]),
    // Chery and Omoda
    model!("Chery", &[], "Tiggo 4 Pro", Cars, "SUV", "Wagon", 5, (2024, 2026), "LVV", 5, (4318, 1831, 1662), 1830, 51, 1200,
        &[("Urban", 25_990), ("Ultimate", 29_990)],
        &[t("", "T1E", Petrol, 1.5, 4, true, Auto(0), Fwd, 7.0, 210, 0), t("Hybrid", "T1E", Hybrid, 1.5, 4, false, Auto(1), Fwd, 5.5, 310, 4_000)]),
    model!("Chery", &[], "Tiggo 7 Pro", Cars, "SUV", "Wagon", 5, (2023, 2026), "LVV", 5, (4500, 1842, 1705), 2030, 51, 1500,
        &[("Urban", 33_990), ("Ultimate", 38_990)],
        &[t("", "T1D", Petrol, 1.6, 4, true, Auto(7), Fwd, 7.0, 275, 0), t("Super Hybrid", "T1D", PlugIn, 1.5, 4, true, Auto(3), Fwd, 1.2, 525, 9_000)]),
    model!("Chery", &[], "Tiggo 9", Cars, "SUV", "Wagon", 7, (2025, 2026), "LVV", 5, (4820, 1930, 1699), 2480, 57, 2000,
        &[("Ultimate", 52_990)],
        &[t("AWD", "T1X", Petrol, 2.0, 4, true, Auto(7), Awd, 8.4, 390, 0)]),
    model!("Omoda", &[], "Omoda 5", Cars, "SUV", "Wagon", 5, (2023, 2026), "LVV", 5, (4400, 1830, 1588), 1850, 51, 1200,
        &[("BX", 29_990), ("EX", 33_990), ("GT", 38_990)],
        &[t("", "T19C", Petrol, 1.5, 4, true, Auto(0), Fwd, 6.9, 230, 0), t("EV", "T19C", Electric, 0.0, 0, false, Auto(1), Fwd, 0.0, 340, 8_000)]),
    model!("Omoda", &[], "Omoda 5 FX", Cars, "SUV", "Wagon", 5, (2025, 2026), "LVV", 5, (4424, 1830, 1588), 1850, 51, 1200,
        &[("FX", 35_990)],
        &[t("", "T19C", Petrol, 1.6, 4, true, Auto(7), Fwd, 7.2, 290, 0)]),
    // Electric makes
    model!("Tesla", &[], "Model 3", Cars, "Sedan", "Sedan", 5, (2019, 2026), "LRW", 5, (4720, 1850, 1441), 2200, 0, 1000,
        &[("Rear-Wheel Drive", 54_990), ("Long Range", 63_990), ("Performance", 79_990)],
        &[ev("", "HIGHLAND", Rwd, 420, 0)]),
    model!("Tesla", &[], "Model Y", Cars, "SUV", "Wagon", 5, (2022, 2026), "LRW", 5, (4797, 1920, 1624), 2380, 0, 1600,
        &[("Rear-Wheel Drive", 58_900), ("Long Range", 68_900)],
        &[ev("", "JUNIPER", Awd, 493, 0)]),
    model!("BYD", &[], "Atto 3", Cars, "SUV", "Wagon", 5, (2022, 2026), "LGX", 5, (4455, 1875, 1615), 2160, 0, 750,
        &[("Dynamic", 44_499), ("Premium", 47_999)],
        &[ev("", "", Fwd, 310, 0)]),
    model!("BYD", &[], "Seal", Cars, "Sedan", "Sedan", 5, (2023, 2026), "LGX", 5, (4800, 1875, 1460), 2185, 0, 0,
        &[("Dynamic", 49_888), ("Premium", 58_798), ("Performance", 68_798)],
        &[ev("", "", Rwd, 360, 0)]),
    model!("BYD", &[], "Shark 6", Cars, "Ute", "Double Cab Pick Up", 5, (2024, 2026), "LGX", 5, (5457, 1971, 1925), 3100, 60, 2500,
        &[("Premium", 57_900)],
        &[t("AWD PHEV", "", PlugIn, 1.5, 4, true, Auto(1), Awd, 2.0, 650, 0)]),
    model!("MG", &[], "ZS EV", Cars, "SUV", "Wagon", 5, (2020, 2026), "LSJ", 5, (4323, 1809, 1649), 2010, 0, 500,
        &[("Excite", 40_990), ("Essence", 46_990)],
        &[ev("", "AZS1", Fwd, 280, 0)]),
    model!("MG", &[], "MG3", Cars, "Hatch", "Hatchback", 5, (2013, 2026), "LSJ", 4, (4113, 1797, 1502), 1530, 36, 0,
        &[("Vibe", 23_990), ("Excite", 25_990)],
        &[t("", "P", Petrol, 1.5, 4, false, Auto(0), Fwd, 6.7, 142, 0), t("Hybrid+", "P", Hybrid, 1.5, 4, false, Auto(1), Fwd, 4.2, 250, 4_000)]),
    model!("Polestar", &[], "Polestar 2", Cars, "Hatch", "Liftback", 5, (2021, 2026), "LPS", 5, (4606, 1859, 1479), 2490, 0, 1500,
        &[("Standard Range", 67_400), ("Long Range", 73_400)],
        &[ev("Single Motor", "", Rwd, 490, 0), ev("Dual Motor", "", Awd, 740, 6_000)]),
    // Isuzu
    model!("Isuzu UTE", &["Isuzu"], "D-MAX", Cars, "Ute", "Crew Cab Utility", 5, (2012, 2026), "MPA", 5, (5280, 1870, 1790), 3100, 76, 3500,
        &[("SX", 43_990), ("LS-M", 50_990), ("LS-U", 56_990), ("X-Terrain", 68_990)],
        &[t("4x4", "RG", Diesel, 3.0, 4, true, Auto(6), FourWd, 8.0, 450, 0)]),
    model!("Isuzu UTE", &["Isuzu"], "MU-X", Cars, "SUV", "Wagon", 7, (2014, 2026), "MPA", 5, (4850, 1870, 1825), 2800, 80, 3500,
        &[("LS-M", 56_990), ("LS-U", 60_990), ("LS-T", 68_990)],
        &[t("4x4", "RJ", Diesel, 3.0, 4, true, Auto(6), FourWd, 8.3, 450, 0)]),
    // Subaru, Volkswagen, Honda
    model!("Subaru", &[], "Forester", Cars, "SUV", "Wagon", 5, (2013, 2026), "JF2", 5, (4655, 1830, 1730), 2100, 63, 1800,
        &[("2.5i", 41_490), ("2.5i-L", 44_490), ("2.5i Sport", 47_490), ("Hybrid S", 53_490)],
        &[t("AWD", "SL", Petrol, 2.5, 4, false, Auto(0), Awd, 7.4, 247, 0)]),
    model!("Subaru", &[], "Outback", Cars, "SUV", "Wagon", 5, (2013, 2026), "JF1", 5, (4870, 1875, 1675), 2210, 63, 2000,
        &[("AWD", 46_990), ("AWD Sport", 50_990), ("AWD Touring", 54_990)],
        &[t("", "BT", Petrol, 2.5, 4, false, Auto(0), Awd, 7.3, 252, 0)]),
    model!("Volkswagen", &[], "Golf", Cars, "Hatch", "Hatchback", 5, (2013, 2026), "WVW", 5, (4284, 1789, 1491), 1830, 50, 1500,
        &[("Life", 38_990), ("R-Line", 45_990), ("GTI", 57_990)],
        &[t("", "8", Premium, 1.4, 4, true, Auto(8), Fwd, 5.8, 250, 0)]),
    model!("Volkswagen", &[], "Amarok", Cars, "Ute", "Double Cab Pick Up", 5, (2012, 2026), "MNA", 5, (5350, 1910, 1884), 3280, 80, 3500,
        &[("Core", 56_990), ("Life", 62_990), ("Style", 69_990), ("PanAmericana", 80_990), ("Aventura", 82_990)],
        &[t("TDI500 4MOTION", "2H", Diesel, 2.0, 4, true, Auto(10), FourWd, 7.6, 500, 0), t("TDI600 4MOTION", "2H", Diesel, 3.0, 6, true, Auto(10), FourWd, 8.4, 600, 4_000)]),
    model!("Honda", &[], "CR-V", Cars, "SUV", "Wagon", 7, (2013, 2026), "MRH", 5, (4691, 1866, 1681), 2230, 57, 1500,
        &[("VTi X", 44_900), ("VTi L7", 48_900), ("e:HEV RS", 59_900)],
        &[t("FWD", "RS", Petrol, 1.5, 4, true, Auto(0), Fwd, 7.3, 240, 0)]),
    model!("Honda", &[], "HR-V", Cars, "SUV", "Wagon", 5, (2015, 2026), "MRH", 5, (4340, 1790, 1590), 1760, 40, 600,
        &[("Vi X", 36_700), ("e:HEV L", 45_800)],
        &[t("", "RV", Petrol, 1.5, 4, false, Auto(0), Fwd, 6.2, 145, 0)]),
    // Other car makes of the dealer group
    model!("GWM", &[], "Cannon", Cars, "Ute", "Double Cab Pick Up", 5, (2021, 2026), "LGW", 5, (5410, 1934, 1886), 3150, 78, 3500,
        &[("Lux", 42_990), ("Ultra", 48_990), ("Alpha Lux", 62_990)],
        &[t("4x4", "NPW", Diesel, 2.4, 4, true, Auto(9), FourWd, 7.8, 480, 0)]),
    model!("GWM", &[], "Haval H6", Cars, "SUV", "Wagon", 5, (2021, 2026), "LGW", 5, (4653, 1886, 1730), 2090, 61, 2000,
        &[("Lux", 36_990), ("Ultra", 40_990)],
        &[t("2WD", "B01", Petrol, 2.0, 4, true, Auto(7), Fwd, 7.4, 325, 0), t("Hybrid", "B01", Hybrid, 1.5, 4, true, Auto(2), Fwd, 5.2, 530, 6_000)]),
    model!("Jeep", &[], "Grand Cherokee", Cars, "SUV", "Wagon", 5, (2013, 2026), "1C4", 5, (4914, 1979, 1792), 2950, 87, 2812,
        &[("Night Eagle", 86_950), ("Limited", 92_950), ("Summit Reserve", 121_950)],
        &[t("4x4", "WL", Petrol, 3.6, 6, false, Auto(8), FourWd, 10.4, 344, 0)]),
    model!("Jeep", &[], "Wrangler", Cars, "SUV", "Wagon", 5, (2013, 2026), "1C4", 3, (4882, 1894, 1848), 2700, 81, 2495,
        &[("Unlimited Rubicon", 99_950)],
        &[t("4x4", "JL", Petrol, 2.0, 4, true, Auto(8), FourWd, 9.6, 400, 0)]),
    model!("Ram", &[], "1500", Cars, "Ute", "Crew Cab Pick Up", 5, (2019, 2026), "1C6", 0, (5916, 2085, 1971), 3450, 98, 4500,
        &[("Laramie", 139_950), ("Limited", 169_950)],
        &[t("4x4", "DT", Premium, 3.0, 6, true, Auto(8), FourWd, 12.4, 707, 0)]),
    model!("Renault", &[], "Koleos", Cars, "SUV", "Wagon", 5, (2016, 2026), "VF1", 5, (4672, 1843, 1678), 2160, 60, 2000,
        &[("Zen", 43_900), ("Intens", 49_900)],
        &[t("", "HZG", Petrol, 2.5, 4, false, Auto(0), Fwd, 8.1, 233, 0)]),
    model!("Renault", &[], "Trafic", Cars, "Van", "Van", 3, (2015, 2026), "VF1", 0, (5080, 1956, 1971), 3070, 80, 2000,
        &[("Pro", 51_500), ("Lifestyle", 59_500)],
        &[t("LWB", "X82", Diesel, 2.0, 4, true, Auto(6), Fwd, 7.5, 380, 0)]),
    model!("Peugeot", &[], "3008", Cars, "SUV", "Wagon", 5, (2017, 2026), "VF3", 5, (4447, 1841, 1624), 2000, 53, 1400,
        &[("Allure", 50_990), ("GT", 56_990)],
        &[t("", "P84", Premium, 1.6, 4, true, Auto(6), Fwd, 7.0, 240, 0)]),
    model!("Skoda", &[], "Kodiaq", Cars, "SUV", "Wagon", 7, (2017, 2026), "TMB", 5, (4758, 1864, 1659), 2400, 58, 2000,
        &[("Style", 54_990), ("Sportline", 60_990), ("RS", 69_990)],
        &[t("4x4", "NS", Premium, 2.0, 4, true, Auto(7), Awd, 8.3, 320, 0)]),
    model!("Skoda", &[], "Octavia", Cars, "Wagon", "Wagon", 5, (2013, 2026), "TMB", 5, (4698, 1829, 1468), 1890, 45, 1500,
        &[("Style", 40_990), ("RS", 56_990)],
        &[t("", "NX", Premium, 1.4, 4, true, Auto(8), Fwd, 6.1, 250, 0)]),
    model!("Cupra", &[], "Formentor", Cars, "SUV", "Wagon", 5, (2022, 2026), "VSS", 5, (4450, 1839, 1511), 2000, 55, 1800,
        &[("V", 52_990), ("VZx", 69_990)],
        &[t("", "KM", Premium, 1.5, 4, true, Auto(7), Fwd, 6.3, 250, 0)]),
    model!("Cupra", &[], "Born", Cars, "Hatch", "Hatchback", 5, (2023, 2026), "VSS", 5, (4322, 1809, 1537), 2260, 0, 0,
        &[("Born", 59_990)],
        &[ev("", "K1", Rwd, 310, 0)]),
    model!("Audi", &[], "Q5", Cars, "SUV", "Wagon", 5, (2013, 2026), "WA1", 5, (4682, 1893, 1662), 2480, 70, 2400,
        &[("40 TDI quattro", 76_900), ("45 TFSI quattro S line", 80_900)],
        &[t("", "FY", Premium, 2.0, 4, true, Auto(7), Awd, 7.9, 370, 0)]),
    model!("Audi", &[], "A3", Cars, "Hatch", "Sportback", 5, (2013, 2026), "WAU", 5, (4352, 1816, 1430), 1850, 50, 1500,
        &[("35 TFSI", 49_900), ("S line 40 TFSI quattro", 62_900)],
        &[t("", "8Y", Premium, 1.5, 4, true, Auto(7), Fwd, 5.6, 250, 0)]),
    model!("BMW", &[], "X3", Cars, "SUV", "Wagon", 5, (2013, 2026), "5UX", 5, (4755, 1920, 1660), 2520, 65, 2400,
        &[("20 xDrive", 85_900), ("30e xDrive M Sport", 104_900)],
        &[t("", "G45", Premium, 2.0, 4, true, Auto(8), Awd, 7.3, 330, 0)]),
    model!("BMW", &[], "3 Series", Cars, "Sedan", "Sedan", 5, (2013, 2026), "WBA", 5, (4713, 1827, 1440), 2105, 59, 1600,
        &[("320i M Sport", 78_900), ("330i M Sport", 87_900), ("M340i xDrive", 108_900)],
        &[t("", "G20", Premium, 2.0, 4, true, Auto(8), Rwd, 6.4, 300, 0)]),
    model!("Mercedes-Benz", &[], "GLC", Cars, "SUV", "Wagon", 5, (2016, 2026), "W1N", 5, (4716, 1890, 1640), 2550, 62, 2500,
        &[("GLC 300 4MATIC", 104_900)],
        &[t("", "X254", Premium, 2.0, 4, true, Auto(9), Awd, 8.2, 400, 0)]),
    model!("Mercedes-Benz", &[], "C-Class", Cars, "Sedan", "Sedan", 5, (2014, 2026), "W1K", 5, (4751, 1820, 1438), 2150, 66, 1800,
        &[("C 200", 78_900), ("C 300", 92_300)],
        &[t("", "W206", Premium, 2.0, 4, true, Auto(9), Rwd, 7.0, 320, 0)]),
    model!("Lexus", &[], "NX", Cars, "SUV", "Wagon", 5, (2015, 2026), "JTJ", 5, (4660, 1865, 1660), 2440, 55, 1500,
        &[("NX350h Luxury", 80_000), ("NX350h F Sport", 88_000)],
        &[t("Hybrid AWD", "AAZH25R", Hybrid, 2.5, 4, false, Auto(0), Awd, 5.3, 239, 0)]),
    model!("Lexus", &[], "RX", Cars, "SUV", "Wagon", 5, (2013, 2026), "JTJ", 5, (4890, 1920, 1695), 2715, 65, 2000,
        &[("RX350h Luxury", 103_000), ("RX500h F Sport Performance", 128_000)],
        &[t("Hybrid AWD", "AALH16R", Hybrid, 2.5, 4, false, Auto(0), Awd, 5.1, 239, 0)]),
    model!("Volvo", &[], "XC40", Cars, "SUV", "Wagon", 5, (2018, 2026), "YV1", 5, (4440, 1863, 1652), 2150, 54, 1800,
        &[("Plus B4", 54_990), ("Ultra B5", 59_990)],
        &[t("", "536", Premium, 2.0, 4, true, Auto(7), Fwd, 7.1, 300, 0)]),
    model!("Land Rover", &[], "Defender", Cars, "SUV", "Wagon", 5, (2020, 2026), "SAL", 5, (5018, 1996, 1967), 3150, 90, 3500,
        &[("110 D300 X-Dynamic SE", 118_000), ("110 D350 X", 151_000)],
        &[t("AWD", "L663", Diesel, 3.0, 6, true, Auto(8), FourWd, 7.9, 650, 0)]),
    model!("Genesis", &[], "GV70", Cars, "SUV", "Wagon", 5, (2021, 2026), "KMT", 5, (4715, 1910, 1630), 2500, 66, 2200,
        &[("2.5T AWD", 75_200), ("3.5T Sport AWD", 89_700)],
        &[t("", "JK1", Premium, 2.5, 4, true, Auto(8), Awd, 9.8, 422, 0)]),
    model!("Suzuki", &[], "Jimny", Cars, "SUV", "Wagon", 4, (2019, 2026), "JSA", 3, (3645, 1645, 1720), 1435, 40, 1300,
        &[("Lite", 32_990), ("XL", 36_990)],
        &[t("4x4", "JJ", Petrol, 1.5, 4, false, Manual(5), FourWd, 6.9, 130, 0)]),
    model!("Suzuki", &[], "Swift", Cars, "Hatch", "Hatchback", 5, (2013, 2026), "JSA", 4, (3860, 1735, 1495), 1360, 37, 0,
        &[("Hybrid", 24_990), ("Hybrid Plus", 27_490), ("Hybrid GLX", 29_990)],
        &[t("", "AZ", Hybrid, 1.2, 3, false, Auto(0), Fwd, 4.0, 112, 0)]),
    model!("LDV", &[], "T60 MAX", Cars, "Ute", "Double Cab Pick Up", 5, (2021, 2026), "LSH", 5, (5365, 1900, 1809), 3050, 75, 3500,
        &[("Pro", 41_990), ("Plus", 47_990), ("LUXE", 53_990)],
        &[t("4x4", "SK8C", Diesel, 2.0, 4, true, Auto(8), FourWd, 8.8, 500, 0)]),
    model!("LDV", &[], "Deliver 9", Cars, "Van", "Van", 3, (2020, 2026), "LSH", 0, (5940, 2040, 2530), 4100, 80, 2500,
        &[("LWB Mid Roof", 56_990)],
        &[t("", "SV93", Diesel, 2.0, 4, true, Auto(6), Rwd, 9.1, 375, 0)]),
    model!("Kgm Ssangyong", &["SsangYong", "KGM"], "Musso", Cars, "Ute", "Double Cab Pick Up", 5, (2018, 2026), "KPT", 0, (5405, 1950, 1840), 3210, 75, 3500,
        &[("ELX", 40_000), ("Ultimate", 47_000)],
        &[t("4x4", "Q200", Diesel, 2.2, 4, true, Auto(6), FourWd, 8.9, 441, 0)]),
    model!("Chevrolet", &[], "Silverado", Cars, "Ute", "Crew Cab Pick Up", 5, (2020, 2026), "1GC", 0, (6353, 2063, 2007), 4536, 136, 4500,
        &[("LTZ Premium", 134_900), ("ZR2", 157_900)],
        &[t("4x4 Duramax", "T1", Diesel, 6.6, 8, true, Auto(10), FourWd, 14.0, 1234, 0)]),
    model!("Holden", &[], "Commodore", Cars, "Sedan", "Liftback", 5, (2013, 2020), "W0V", 5, (4897, 1863, 1455), 2100, 62, 1800,
        &[("LT", 35_990), ("RS", 40_990), ("Calais-V", 55_990)],
        &[t("", "ZB", Petrol, 2.0, 4, true, Auto(9), Fwd, 7.6, 350, 0)]),
    model!("Holden", &[], "Colorado", Cars, "Ute", "Crew Cab Pickup", 5, (2013, 2020), "MMU", 0, (5361, 1872, 1795), 3150, 76, 3500,
        &[("LS", 44_990), ("LTZ", 51_990), ("Z71", 55_990)],
        &[t("4x4", "RG", Diesel, 2.8, 4, true, Auto(6), FourWd, 8.6, 500, 0)]),
    // Motorcycles
    model!("Yamaha", &[], "MT-07", Motorcycles, "Motorcycle", "Naked", 2, (2015, 2026), "JYA", 0, (2085, 780, 1105), 360, 14, 0,
        &[("MT-07", 12_499), ("MT-07 LAMS", 11_999)],
        &[t("", "RM33", Petrol, 0.689, 2, false, Manual(6), Rwd, 4.3, 67, 0)]),
    model!("Yamaha", &[], "Tenere 700", Motorcycles, "Motorcycle", "Adventure", 2, (2020, 2026), "JYA", 0, (2370, 905, 1455), 395, 16, 0,
        &[("Tenere 700", 18_099)],
        &[t("", "DM12", Petrol, 0.689, 2, false, Manual(6), Rwd, 4.3, 68, 0)]),
    model!("Kawasaki", &[], "Ninja 400", Motorcycles, "Motorcycle", "Sport", 2, (2018, 2026), "JKA", 0, (1990, 710, 1120), 330, 14, 0,
        &[("Ninja 400", 8_399), ("Ninja 400 KRT", 8_699)],
        &[t("", "EX400G", Petrol, 0.399, 2, false, Manual(6), Rwd, 3.9, 38, 0)]),
    model!("Kawasaki", &[], "Z900", Motorcycles, "Motorcycle", "Naked", 2, (2017, 2026), "JKA", 0, (2070, 825, 1080), 400, 17, 0,
        &[("Z900", 14_999), ("Z900 SE", 17_299)],
        &[t("", "ZR900", Petrol, 0.948, 4, false, Manual(6), Rwd, 5.5, 98, 0)]),
    model!("Honda", &[], "CB500X", Motorcycles, "Motorcycle", "Adventure", 2, (2014, 2026), "MLH", 0, (2155, 830, 1410), 380, 18, 0,
        &[("CB500X", 9_699), ("NX500", 10_999)],
        &[t("", "PC64", Petrol, 0.471, 2, false, Manual(6), Rwd, 3.6, 43, 0)]),
    model!("Honda", &[], "Africa Twin", Motorcycles, "Motorcycle", "Adventure", 2, (2016, 2026), "JH2", 0, (2330, 960, 1395), 430, 18, 0,
        &[("CRF1100L", 21_999), ("CRF1100L Adventure Sports DCT", 27_999)],
        &[t("", "SD10", Petrol, 1.084, 2, false, Manual(6), Rwd, 4.9, 103, 0)]),
    model!("Harley-Davidson", &[], "Street Glide", Motorcycles, "Motorcycle", "Touring", 2, (2014, 2026), "1HD", 0, (2435, 960, 1390), 570, 23, 0,
        &[("Street Glide", 48_995)],
        &[t("", "FLHX", Premium, 1.923, 2, false, Manual(6), Rwd, 5.6, 175, 0)]),
    model!("Harley-Davidson", &[], "Nightster", Motorcycles, "Motorcycle", "Cruiser", 2, (2022, 2026), "1HD", 0, (2250, 860, 1090), 420, 11, 0,
        &[("Nightster 975", 23_995)],
        &[t("", "RH975", Premium, 0.975, 2, false, Manual(6), Rwd, 5.1, 95, 0)]),
    model!("Triumph", &[], "Tiger 900", Motorcycles, "Motorcycle", "Adventure", 2, (2020, 2026), "SMT", 0, (2300, 935, 1460), 460, 20, 0,
        &[("GT Pro", 26_490), ("Rally Pro", 28_490)],
        &[t("", "C701", Petrol, 0.888, 3, false, Manual(6), Rwd, 5.2, 90, 0)]),
    model!("Triumph", &[], "Street Triple", Motorcycles, "Motorcycle", "Naked", 2, (2017, 2026), "SMT", 0, (2015, 795, 1085), 390, 15, 0,
        &[("765 R", 17_950), ("765 RS", 21_250)],
        &[t("", "H67", Premium, 0.765, 3, false, Manual(6), Rwd, 5.6, 80, 0)]),
    model!("Ducati", &[], "Monster", Motorcycles, "Motorcycle", "Naked", 2, (2021, 2026), "ZDM", 0, (2095, 800, 1080), 370, 14, 0,
        &[("Monster", 21_300), ("Monster +", 22_300)],
        &[t("", "M", Premium, 0.937, 2, false, Manual(6), Rwd, 5.3, 93, 0)]),
    model!("Ducati", &[], "Multistrada V2", Motorcycles, "Motorcycle", "Adventure", 2, (2022, 2026), "ZDM", 0, (2200, 850, 1400), 430, 20, 0,
        &[("V2 S", 29_900)],
        &[t("", "AA", Premium, 0.937, 2, false, Manual(6), Rwd, 5.4, 94, 0)]),
    model!("Suzuki", &[], "V-Strom 650", Motorcycles, "Motorcycle", "Adventure", 2, (2013, 2026), "JS1", 0, (2275, 835, 1405), 420, 20, 0,
        &[("V-Strom 650", 12_990), ("V-Strom 650XT", 13_990)],
        &[t("", "DL650", Petrol, 0.645, 2, false, Manual(6), Rwd, 4.5, 62, 0)]),
    model!("KTM", &[], "390 Duke", Motorcycles, "Motorcycle", "Naked", 2, (2017, 2026), "VBK", 0, (2000, 820, 1090), 330, 15, 0,
        &[("390 Duke", 8_995)],
        &[t("", "JGJ", Petrol, 0.399, 1, false, Manual(6), Rwd, 3.4, 39, 0)]),
    model!("KTM", &[], "890 Adventure", Motorcycles, "Motorcycle", "Adventure", 2, (2021, 2026), "VBK", 0, (2240, 920, 1450), 440, 20, 0,
        &[("890 Adventure", 21_195), ("890 Adventure R", 24_295)],
        &[t("", "TS", Petrol, 0.889, 2, false, Manual(6), Rwd, 4.5, 100, 0)]),
    // Caravans
    model!("Jayco", &[], "Journey", Caravans, "Caravan", "Caravan", 0, (2013, 2026), "6T9", 0, (8000, 2470, 3050), 2800, 0, 0,
        &[("19.61-3 Outback", 79_990), ("21.66-3 Outback", 86_990)],
        &[VAN]),
    model!("Jayco", &[], "Crossover", Caravans, "Caravan", "Camper Trailer", 0, (2018, 2026), "6T9", 0, (6100, 2180, 2670), 1890, 0, 0,
        &[("17.55-1 Outback", 53_990)],
        &[VAN]),
    model!("Jayco", &[], "Swift", Caravans, "Caravan", "Pop Top", 0, (2013, 2026), "6T9", 0, (6700, 2310, 2700), 1990, 0, 0,
        &[("16.48-1", 46_990), ("17.55-3 Outback", 55_490)],
        &[VAN]),
    model!("Lotus Caravans", &[], "Trooper", Caravans, "Caravan", "Off-Road Caravan", 0, (2015, 2026), "6H8", 0, (7400, 2480, 3100), 3500, 0, 0,
        &[("19'6 Series 3", 119_990)],
        &[VAN]),
    model!("Crusader", &[], "Excalibur", Caravans, "Caravan", "Caravan", 0, (2014, 2026), "6K9", 0, (8500, 2490, 3080), 3000, 0, 0,
        &[("21'6 Family", 94_990)],
        &[VAN]),
    model!("Coromal", &[], "Element", Caravans, "Caravan", "Caravan", 0, (2016, 2026), "6F9", 0, (7300, 2400, 2950), 2600, 0, 0,
        &[("E17", 69_990), ("E19 Family", 74_990)],
        &[VAN]),
    // Trucks
    model!("Isuzu Trucks", &["Isuzu"], "N Series", Trucks, "Truck", "Cab Chassis", 3, (2013, 2026), "JAA", 0, (6300, 1995, 2300), 7500, 100, 3500,
        &[("NLR 45-150", 67_990), ("NNR 45-150", 72_990), ("NPR 75-190", 89_990)],
        &[t("", "NNR", Diesel, 3.0, 4, true, Auto(6), Rwd, 12.0, 375, 0)]),
    model!("Hino", &[], "300 Series", Trucks, "Truck", "Cab Chassis", 3, (2013, 2026), "JHH", 0, (6220, 1995, 2260), 6500, 100, 3500,
        &[("616 Hybrid", 92_990), ("917 Wide Cab", 104_990)],
        &[t("", "XKU", Diesel, 4.0, 4, true, Auto(6), Rwd, 12.8, 464, 0)]),
    model!("Fuso", &[], "Canter", Trucks, "Truck", "Cab Chassis", 3, (2013, 2026), "JLF", 0, (6260, 1995, 2170), 6000, 100, 3500,
        &[("515 Wide Cab", 74_990), ("918 Wide Cab", 88_990)],
        &[t("", "FEB", Diesel, 3.0, 4, true, Auto(6), Rwd, 11.9, 430, 0)]),
    model!("UD Trucks", &[], "Croner", Trucks, "Truck", "Cab Chassis", 2, (2018, 2026), "JNC", 0, (8500, 2490, 2900), 16000, 200, 0,
        &[("PKE 250", 169_990)],
        &[t("", "PKE", Diesel, 8.0, 6, true, Auto(6), Rwd, 24.0, 882, 0)]),
];

/// Exterior colours (name, hex) by category; each model offers a fixed subset.
pub(crate) fn palette(category: VehicleCategory) -> &'static [(&'static str, &'static str)] {
    match category {
        Cars => &[
            ("Glacier White", "#f2f3f1"),
            ("Crystal Pearl", "#e9e5dc"),
            ("Silver Sky", "#b8bcc0"),
            ("Graphite Grey", "#55595e"),
            ("Eclipse Black", "#16171b"),
            ("Saturn Blue", "#1f4e8c"),
            ("Atomic Red", "#b3121d"),
            ("Oxide Bronze", "#8a6a4a"),
            ("Jade Green", "#3b6b56"),
            ("Sunset Orange", "#d9601e"),
            ("Lunar Blue", "#3a5f7a"),
            ("Moonstone Grey", "#8d9296"),
            ("Soul Red", "#9c1b22"),
            ("Sandstone Beige", "#c9b79a"),
        ],
        Motorcycles => &[
            ("Icon Blue", "#1d4fa3"),
            ("Metallic Black", "#1a1a1e"),
            ("Candy Red", "#b01622"),
            ("Lime Green", "#6cbf2a"),
            ("Matte Grey", "#6c6f73"),
            ("Pearl White", "#efefea"),
            ("Racing Orange", "#e5601a"),
        ],
        Caravans => &[
            ("Classic White", "#f4f4f0"),
            ("Silver Checkerplate", "#aeb3b8"),
            ("Charcoal Composite", "#3e4145"),
            ("White with Grey Decals", "#e3e4e2"),
            ("Alpine White", "#fafaf7"),
        ],
        Trucks => &[
            ("Arctic White", "#f5f6f4"),
            ("Hino Red", "#b0171f"),
            ("Storm Grey", "#62676c"),
            ("Sapphire Blue", "#204b86"),
            ("Safety Yellow", "#e7b416"),
        ],
    }
}

/// The colours a model is offered in: a fixed stride through its category's palette, so
/// every model has its own subset and the number of image files stays bounded.
pub(crate) fn model_colours(index: usize, model: &Model) -> Vec<(&'static str, &'static str)> {
    let palette = palette(model.category);
    let count = match model.category {
        Cars => 6,
        Motorcycles => 4,
        Caravans | Trucks => 3,
    };
    (0..count).map(|k| palette[(index * 5 + k * 3) % palette.len()]).collect()
}

/// Whether a make name a dealer uses (any case, spaces and hyphens ignored) names this model's make.
pub(crate) fn make_matches(model: &Model, name: &str) -> bool {
    let key = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let wanted = key(name);
    key(model.make) == wanted || model.aliases.iter().any(|a| key(a) == wanted)
}
