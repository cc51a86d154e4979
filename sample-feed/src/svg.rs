//! Placeholder photos drawn locally as SVG: a silhouette of the vehicle (car body shape,
//! motorcycle, caravan or truck) filled in the car's colour, with the make, model, colour
//! and view written under it. One file per make + model + colour + view, and one set of
//! 360 spin frames per body shape + colour, so the number of files stays bounded
//! whatever the number of cars.

use std::fmt::Write as _;

use domain::config::VehicleCategory;
use domain::view::slug::slugify;

/// The photo views of every vehicle, in gallery order.
pub(crate) const VIEWS: [View; 4] = [View::Front, View::Side, View::Rear, View::Interior];

/// Frames of a 360 spin.
pub(crate) const SPIN_FRAMES: u32 = 24;

/// One photo angle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum View {
    Front,
    Side,
    Rear,
    Interior,
}

impl View {
    fn slug(self) -> &'static str {
        match self {
            View::Front => "front",
            View::Side => "side",
            View::Rear => "rear",
            View::Interior => "interior",
        }
    }

    fn label(self) -> &'static str {
        match self {
            View::Front => "Front three-quarter",
            View::Side => "Side profile",
            View::Rear => "Rear three-quarter",
            View::Interior => "Interior",
        }
    }
}

/// The silhouette drawn for a vehicle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Shape {
    Suv,
    Sedan,
    Hatch,
    Ute,
    Van,
    Coupe,
    Motorcycle,
    Caravan,
    Truck,
}

impl Shape {
    /// The shape of a model from its category and `simple_body`.
    pub(crate) fn of(category: VehicleCategory, body: &str) -> Shape {
        match category {
            VehicleCategory::Motorcycles => Shape::Motorcycle,
            VehicleCategory::Caravans => Shape::Caravan,
            VehicleCategory::Trucks => Shape::Truck,
            VehicleCategory::Cars => match body {
                "Sedan" | "Wagon" => Shape::Sedan,
                "Hatch" => Shape::Hatch,
                "Ute" => Shape::Ute,
                "Van" => Shape::Van,
                "Coupe" => Shape::Coupe,
                _ => Shape::Suv,
            },
        }
    }

    pub(crate) fn slug(self) -> &'static str {
        match self {
            Shape::Suv => "suv",
            Shape::Sedan => "sedan",
            Shape::Hatch => "hatch",
            Shape::Ute => "ute",
            Shape::Van => "van",
            Shape::Coupe => "coupe",
            Shape::Motorcycle => "motorcycle",
            Shape::Caravan => "caravan",
            Shape::Truck => "truck",
        }
    }
}

/// Everything one photo file shows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Photo {
    pub make: &'static str,
    pub model: &'static str,
    pub colour: &'static str,
    pub hex: &'static str,
    pub shape: Shape,
    pub view: View,
}

impl Photo {
    /// File name under `media/`: `<make>-<model>-<colour>-<view>.svg`.
    pub(crate) fn file_name(&self) -> String {
        format!(
            "{}-{}-{}-{}.svg",
            slugify(self.make),
            slugify(self.model),
            slugify(self.colour),
            self.view.slug()
        )
    }
}

/// One frame of a 360 spin (shared by every model of a shape and colour).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct SpinFrame {
    pub shape: Shape,
    pub colour: &'static str,
    pub hex: &'static str,
    pub frame: u32,
}

impl SpinFrame {
    /// File name under `media/`: `spin-<shape>-<colour>-<nn>.svg`.
    pub(crate) fn file_name(&self) -> String {
        format!(
            "spin-{}-{}-{:02}.svg",
            self.shape.slug(),
            slugify(self.colour),
            self.frame + 1
        )
    }
}

use domain::view::markdown::escape_html as escape;

const W: u32 = 800;
const H: u32 = 600;
const GLASS: &str = "#a9c4d6";
const TYRE: &str = "#222326";
const RIM: &str = "#9a9ea3";

fn open(out: &mut String, title: &str) {
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" aria-label=\"{t}\">\n<title>{t}</title>\n<rect width=\"{W}\" height=\"{H}\" fill=\"#eef1f4\"/>\n<rect y=\"420\" width=\"{W}\" height=\"180\" fill=\"#dde2e7\"/>\n<ellipse cx=\"400\" cy=\"430\" rx=\"320\" ry=\"18\" fill=\"#c5ccd3\"/>\n",
        t = escape(title)
    );
}

fn caption(out: &mut String, line1: &str, line2: &str) {
    let _ = write!(
        out,
        "<text x=\"400\" y=\"505\" text-anchor=\"middle\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"40\" font-weight=\"700\" fill=\"#1d2329\">{}</text>\n<text x=\"400\" y=\"550\" text-anchor=\"middle\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"24\" fill=\"#4a545e\">{}</text>\n<text x=\"780\" y=\"590\" text-anchor=\"end\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"14\" fill=\"#7a848e\">Sample image</text>\n</svg>\n",
        escape(line1),
        escape(line2)
    );
}

fn wheel(out: &mut String, x: u32, y: u32, r: u32) {
    let _ = writeln!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{TYRE}\"/><circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{RIM}\"/>", r * 11 / 20);
}

/// Side silhouette: (body path, glass path, wheel x positions, wheel radius). Wheels sit
/// on the ground (their bottom at y 430), so a bigger radius raises the body off it.
fn side_parts(shape: Shape) -> (&'static str, &'static str, &'static [u32], u32) {
    match shape {
        Shape::Sedan => (
            "M100 380 L110 330 Q130 310 200 300 L280 250 Q300 240 340 238 L480 238 Q520 240 550 260 L610 300 Q680 308 700 330 L705 380 Z",
            "M300 255 L470 252 Q505 256 530 292 L265 295 Z",
            &[220, 590],
            46,
        ),
        Shape::Hatch => (
            "M130 380 L135 320 Q140 300 190 295 L260 235 Q275 225 300 225 L520 225 Q560 228 590 270 L640 300 Q670 310 672 340 L672 380 Z",
            "M290 240 L515 238 Q545 242 565 285 L250 290 Z",
            &[235, 570],
            44,
        ),
        Shape::Ute => (
            "M90 380 L95 310 Q100 295 140 292 L220 225 Q232 215 255 215 L420 215 Q440 215 450 235 L455 290 L715 290 L715 380 Z",
            "M245 230 L425 230 L432 285 L200 288 Z",
            &[210, 600],
            50,
        ),
        Shape::Van => (
            "M100 380 L100 190 Q100 170 130 170 L600 170 Q640 172 660 220 L700 300 Q705 320 705 380 Z",
            "M540 190 L600 190 Q630 195 650 250 L540 250 Z",
            &[210, 600],
            46,
        ),
        Shape::Coupe => (
            "M100 380 L110 335 Q150 315 240 305 L330 255 Q360 245 400 245 L470 248 Q520 255 580 300 Q690 312 705 340 L705 380 Z",
            "M345 262 L465 262 Q505 268 540 300 L300 303 Z",
            &[225, 590],
            46,
        ),
        // SUV, and the fallback for the non-car shapes (which draw themselves): a tall
        // two-box body with an upright tailgate, riding high on big wheels.
        _ => (
            "M95 355 L97 268 Q100 248 135 244 L228 236 L298 160 Q305 154 318 154 L622 154 Q648 156 660 178 L692 248 Q706 258 708 285 L708 355 Z",
            "M240 236 L305 168 L455 168 L455 236 Z M470 168 L615 168 Q638 170 648 188 L676 236 L470 236 Z",
            &[220, 590],
            62,
        ),
    }
}

fn draw_side(out: &mut String, shape: Shape, hex: &str, transform: &str) {
    let _ = writeln!(out, "<g transform=\"{transform}\">");
    match shape {
        Shape::Motorcycle => {
            wheel(out, 230, 370, 70);
            wheel(out, 570, 370, 70);
            let _ = writeln!(out, "<path d=\"M230 370 L330 260 L470 260 L570 370\" stroke=\"#2c2f33\" stroke-width=\"14\" fill=\"none\"/>");
            let _ = writeln!(out, "<path d=\"M300 250 Q340 200 430 205 Q480 210 470 255 Z\" fill=\"{hex}\" stroke=\"#222\" stroke-width=\"3\"/>");
            let _ = writeln!(
                out,
                "<path d=\"M430 250 L560 240 Q575 250 560 262 L430 268 Z\" fill=\"#2b2b2b\"/>"
            );
            let _ = writeln!(out, "<path d=\"M560 300 L520 200 L545 195\" stroke=\"#2c2f33\" stroke-width=\"10\" fill=\"none\"/>");
            let _ = writeln!(out, "<path d=\"M250 280 Q300 240 330 262\" stroke=\"{hex}\" stroke-width=\"18\" fill=\"none\"/>");
        }
        Shape::Caravan => {
            let _ = writeln!(
                out,
                "<path d=\"M60 372 L150 345\" stroke=\"#2c2f33\" stroke-width=\"10\"/>"
            );
            let _ = writeln!(out, "<path d=\"M150 372 L150 180 Q150 160 175 160 L670 160 Q695 160 695 185 L695 372 Z\" fill=\"{hex}\" stroke=\"#4a4f55\" stroke-width=\"4\"/>");
            let _ = writeln!(
                out,
                "<rect x=\"150\" y=\"300\" width=\"545\" height=\"22\" fill=\"#6b7178\"/>"
            );
            let _ = writeln!(out, "<rect x=\"200\" y=\"205\" width=\"130\" height=\"60\" rx=\"8\" fill=\"{GLASS}\"/><rect x=\"520\" y=\"205\" width=\"120\" height=\"60\" rx=\"8\" fill=\"{GLASS}\"/>");
            let _ = writeln!(out, "<rect x=\"380\" y=\"195\" width=\"70\" height=\"150\" rx=\"6\" fill=\"none\" stroke=\"#4a4f55\" stroke-width=\"4\"/>");
            wheel(out, 430, 380, 42);
        }
        Shape::Truck => {
            let _ = writeln!(out, "<rect x=\"100\" y=\"165\" width=\"430\" height=\"215\" fill=\"#d9dcdf\" stroke=\"#7d848b\" stroke-width=\"4\"/>");
            let _ = writeln!(out, "<path d=\"M540 385 L540 200 Q540 178 565 178 L655 178 Q700 185 708 245 L708 385 Z\" fill=\"{hex}\" stroke=\"#333\" stroke-width=\"3\"/>");
            let _ = writeln!(
                out,
                "<path d=\"M600 195 L655 195 Q685 200 692 250 L600 250 Z\" fill=\"{GLASS}\"/>"
            );
            let _ = writeln!(
                out,
                "<rect x=\"90\" y=\"380\" width=\"625\" height=\"14\" fill=\"#3a3d41\"/>"
            );
            wheel(out, 200, 395, 44);
            wheel(out, 625, 395, 44);
        }
        _ => {
            let (body, glass, wheels, r) = side_parts(shape);
            let _ = writeln!(
                out,
                "<path d=\"{body}\" fill=\"{hex}\" stroke=\"#2a2d31\" stroke-width=\"3\"/>"
            );
            let _ = writeln!(
                out,
                "<path d=\"{glass}\" fill=\"{GLASS}\" stroke=\"#2a2d31\" stroke-width=\"2\"/>"
            );
            for x in wheels {
                wheel(out, *x, 430 - r, r);
            }
        }
    }
    out.push_str("</g>\n");
}

/// How a car body looks end-on: the body's top and bottom, the roof line, the body's
/// half width and the tyres' height (their bottom on the ground at y 430). An SUV stands
/// tall with clearance under it, a sedan sits low and wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EndProfile {
    /// Top of the body (the shoulder line), y.
    pub top: u32,
    /// Roof line, y.
    pub roof: u32,
    /// Bottom of the body (above the ground by the clearance), y.
    pub bottom: u32,
    /// Half the body's width, px.
    pub half_width: u32,
    /// Tyre height, px.
    pub tyre: u32,
}

/// The end-on profile of each car shape.
pub(crate) fn end_profile(shape: Shape) -> EndProfile {
    let p = |top, roof, bottom, half_width, tyre| EndProfile {
        top,
        roof,
        bottom,
        half_width,
        tyre,
    };
    match shape {
        Shape::Sedan => p(262, 205, 402, 225, 40),
        Shape::Coupe => p(278, 228, 404, 232, 38),
        Shape::Hatch => p(245, 178, 400, 200, 42),
        Shape::Suv => p(210, 128, 372, 218, 68),
        Shape::Ute => p(222, 140, 378, 222, 62),
        Shape::Van => p(150, 130, 392, 210, 48),
        _ => p(135, 128, 380, 225, 60),
    }
}

fn draw_end(out: &mut String, shape: Shape, hex: &str, front: bool) {
    let lamp = if front { "#fff6c8" } else { "#d4202a" };
    match shape {
        Shape::Motorcycle | Shape::Caravan => {
            // A narrow vehicle seen end-on: the side view reads better, turned three-quarters.
            draw_side(
                out,
                shape,
                hex,
                if front {
                    "translate(400 0) scale(0.8 1) translate(-400 0)"
                } else {
                    "translate(400 0) scale(-0.8 1) translate(-400 0)"
                },
            );
        }
        _ => {
            let EndProfile {
                top,
                roof,
                bottom,
                half_width,
                tyre,
            } = end_profile(shape);
            let left = 400 - half_width;
            let right = 400 + half_width;
            // The glasshouse narrows towards the roof; more for low shapes than for boxes.
            let taper = match shape {
                Shape::Van | Shape::Truck => 12,
                Shape::Suv | Shape::Ute => 30,
                _ => 45,
            };
            let (shoulder_l, shoulder_r) = (left + 40, right - 40);
            let (roof_l, roof_r) = (shoulder_l + taper, shoulder_r - taper);
            // Tyres first: the body hangs over their tops.
            let tyre_top = 430 - tyre;
            let _ = writeln!(out, "<rect x=\"{}\" y=\"{tyre_top}\" width=\"70\" height=\"{tyre}\" rx=\"8\" fill=\"{TYRE}\"/><rect x=\"{}\" y=\"{tyre_top}\" width=\"70\" height=\"{tyre}\" rx=\"8\" fill=\"{TYRE}\"/>", left + 25, right - 95);
            let _ = writeln!(out, "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" rx=\"26\" fill=\"{hex}\" stroke=\"#2a2d31\" stroke-width=\"3\"/>", right - left, bottom - top);
            let _ = writeln!(out, "<path d=\"M{shoulder_l} {top} L{roof_l} {roof} L{roof_r} {roof} L{shoulder_r} {top} Z\" fill=\"{hex}\" stroke=\"#2a2d31\" stroke-width=\"3\"/>");
            let _ = writeln!(
                out,
                "<path d=\"M{} {} L{} {} L{} {} L{} {} Z\" fill=\"{GLASS}\"/>",
                shoulder_l + 12,
                top - 8,
                roof_l + 8,
                roof + 12,
                roof_r - 8,
                roof + 12,
                shoulder_r - 12,
                top - 8
            );
            if shape == Shape::Suv {
                // Roof rails.
                let _ = writeln!(out, "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#2a2d31\" stroke-width=\"6\" stroke-linecap=\"round\"/>", roof_l + 6, roof - 8, roof_l + 6, roof, roof_r - 6, roof - 8, roof_r - 6, roof);
            }
            let body = bottom - top;
            let lamp_y = top + body / 5;
            let _ = writeln!(out, "<rect x=\"{}\" y=\"{lamp_y}\" width=\"90\" height=\"26\" rx=\"10\" fill=\"{lamp}\"/><rect x=\"{}\" y=\"{lamp_y}\" width=\"90\" height=\"26\" rx=\"10\" fill=\"{lamp}\"/>", left + 22, right - 112);
            if front {
                // Utes and SUVs wear a tall grille; cars a low, wide one.
                let (grille_w, grille_h) = match shape {
                    Shape::Ute | Shape::Suv => (200, body * 2 / 5),
                    Shape::Van => (180, body / 5),
                    _ => (170, body / 4),
                };
                let _ = writeln!(out, "<rect x=\"{}\" y=\"{}\" width=\"{grille_w}\" height=\"{grille_h}\" rx=\"10\" fill=\"#2b2e33\"/>", 400 - grille_w / 2, lamp_y + 8);
            } else {
                let _ = writeln!(out, "<rect x=\"340\" y=\"{}\" width=\"120\" height=\"30\" rx=\"4\" fill=\"#f4f4f4\" stroke=\"#333\"/>", lamp_y + body / 3);
            }
            // The bumper's lower edge, and for high-riding shapes the dark sill under it.
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" rx=\"6\" fill=\"#3a3d41\"/>",
                left + 10,
                bottom - 18,
                right - left - 20
            );
        }
    }
}

fn draw_interior(out: &mut String, shape: Shape, hex: &str) {
    match shape {
        Shape::Caravan => {
            let _ = writeln!(out, "<rect x=\"120\" y=\"120\" width=\"560\" height=\"300\" fill=\"#f3ede4\" stroke=\"#8a7f70\" stroke-width=\"4\"/>");
            let _ = writeln!(out, "<rect x=\"150\" y=\"300\" width=\"220\" height=\"90\" rx=\"12\" fill=\"{hex}\" stroke=\"#555\"/>");
            let _ = writeln!(out, "<rect x=\"430\" y=\"260\" width=\"220\" height=\"130\" fill=\"#b89a74\"/><rect x=\"440\" y=\"150\" width=\"200\" height=\"80\" fill=\"{GLASS}\"/>");
        }
        Shape::Motorcycle => {
            let _ = writeln!(out, "<circle cx=\"400\" cy=\"260\" r=\"120\" fill=\"#24272b\"/><circle cx=\"400\" cy=\"260\" r=\"95\" fill=\"#0f1113\" stroke=\"{hex}\" stroke-width=\"8\"/>");
            let _ = writeln!(out, "<path d=\"M120 330 L300 300 M500 300 L680 330\" stroke=\"#2c2f33\" stroke-width=\"22\" stroke-linecap=\"round\"/>");
        }
        _ => {
            let _ = writeln!(
                out,
                "<path d=\"M60 330 Q400 220 740 330 L740 430 L60 430 Z\" fill=\"#2e3237\"/>"
            );
            let _ = writeln!(out, "<rect x=\"330\" y=\"270\" width=\"170\" height=\"70\" rx=\"8\" fill=\"#10161c\" stroke=\"{hex}\" stroke-width=\"4\"/>");
            let _ = writeln!(out, "<circle cx=\"230\" cy=\"330\" r=\"80\" fill=\"none\" stroke=\"#15171a\" stroke-width=\"18\"/><rect x=\"60\" y=\"420\" width=\"680\" height=\"20\" fill=\"{hex}\"/>");
            let _ = writeln!(out, "<path d=\"M70 120 Q400 60 730 120 L700 230 Q400 190 100 230 Z\" fill=\"{GLASS}\"/>");
        }
    }
}

/// The SVG text of one photo.
pub(crate) fn photo_svg(photo: &Photo) -> String {
    let mut out = String::with_capacity(3000);
    let title = format!(
        "{} {} in {}, {}",
        photo.make,
        photo.model,
        photo.colour,
        photo.view.label().to_lowercase()
    );
    open(&mut out, &title);
    match photo.view {
        View::Side => draw_side(&mut out, photo.shape, photo.hex, "translate(0 0)"),
        View::Front => draw_end(&mut out, photo.shape, photo.hex, true),
        View::Rear => draw_end(&mut out, photo.shape, photo.hex, false),
        View::Interior => draw_interior(&mut out, photo.shape, photo.hex),
    }
    caption(
        &mut out,
        &format!("{} {}", photo.make, photo.model),
        &format!("{} · {}", photo.colour, photo.view.label()),
    );
    out
}

/// The SVG text of one spin frame: the side silhouette turned by 360/24 degrees a frame
/// (its width follows the cosine of the angle).
pub(crate) fn spin_svg(frame: &SpinFrame) -> String {
    let mut out = String::with_capacity(3000);
    let degrees = frame.frame * 360 / SPIN_FRAMES;
    let title = format!("360 degree view, {} at {degrees} degrees", frame.colour);
    open(&mut out, &title);
    let cos = f64::from(degrees).to_radians().cos();
    let scale = if cos.abs() < 0.15 {
        0.15_f64.copysign(cos)
    } else {
        cos
    };
    let transform = format!("translate(400 0) scale({scale:.3} 1) translate(-400 0)");
    draw_side(&mut out, frame.shape, frame.hex, &transform);
    caption(
        &mut out,
        &format!("360° · frame {} of {SPIN_FRAMES}", frame.frame + 1),
        &format!("{} · {degrees}°", frame.colour),
    );
    out
}

/// The SVG text of a dealer image named in its configuration (a slide, offer or model
/// picture): the vehicle's side silhouette in `hex` with the title and subtitle under it.
pub(crate) fn banner_svg(title: &str, subtitle: &str, shape: Shape, hex: &str) -> String {
    let mut out = String::with_capacity(3000);
    open(&mut out, title);
    draw_side(&mut out, shape, hex, "translate(0 0)");
    caption(&mut out, title, subtitle);
    out
}

/// A home page slide at the seed's promotions slider size (seed 001 s9: 1920 by 540):
/// the vehicle on the right on a two-tone ground, the left clear for the slide's text.
pub(crate) fn slide_svg(title: &str, shape: Shape, hex: &str) -> String {
    let mut out = String::with_capacity(3000);
    let t = escape(title);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1920 540\" width=\"1920\" height=\"540\" role=\"img\" aria-label=\"{t}\">\n<title>{t}</title>\n<rect width=\"1920\" height=\"540\" fill=\"#eef1f4\"/>\n<path d=\"M880 0 L1920 0 L1920 540 L660 540 Z\" fill=\"{hex}\" fill-opacity=\"0.12\"/>\n<rect y=\"455\" width=\"1920\" height=\"85\" fill=\"#dde2e7\"/>\n<ellipse cx=\"1400\" cy=\"462\" rx=\"380\" ry=\"16\" fill=\"#c5ccd3\"/>\n"
    );
    draw_side(&mut out, shape, hex, "translate(960 30) scale(1.1)");
    out.push_str("<text x=\"1900\" y=\"528\" text-anchor=\"end\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"16\" fill=\"#7a848e\">Sample image</text>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_svg_is_escaped() {
        let photo = Photo {
            make: "A&B",
            model: "<script>",
            colour: "Red \"x\"",
            hex: "#ff0000",
            shape: Shape::Suv,
            view: View::Side,
        };
        let svg = photo_svg(&photo);
        assert!(svg.contains("A&amp;B &lt;script&gt;"));
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("Red &quot;x&quot;"));
        assert_eq!(photo.file_name(), "a-b-script-red-x-side.svg");
    }

    #[test]
    fn slides_are_1920_by_540_and_escape_their_titles() {
        let svg = slide_svg("Save <big> & more", Shape::Suv, "#123456");
        assert!(svg.contains("viewBox=\"0 0 1920 540\""));
        assert!(svg.contains("Save &lt;big&gt; &amp; more"));
        assert!(svg.contains("#123456"));
    }

    #[test]
    fn banners_escape_their_titles() {
        let svg = banner_svg("Save <big> & more", "Offer", Shape::Ute, "#123456");
        assert!(svg.contains("Save &lt;big&gt; &amp; more"));
        assert!(svg.contains("#123456"));
    }

    /// Each car body is drawn in its own shape: the front and rear views of two shapes are
    /// never the same drawing, an SUV stands taller than a sedan with clearance under it,
    /// and its side profile rides on bigger wheels.
    #[test]
    fn each_car_shape_has_its_own_end_and_side_views() {
        let shapes = [
            Shape::Suv,
            Shape::Sedan,
            Shape::Hatch,
            Shape::Ute,
            Shape::Van,
            Shape::Coupe,
        ];
        let draw = |shape, view| {
            photo_svg(&Photo {
                make: "",
                model: "",
                colour: "White",
                hex: "#ffffff",
                shape,
                view,
            })
        };
        for view in [View::Front, View::Rear, View::Side] {
            for (i, a) in shapes.iter().enumerate() {
                for b in &shapes[i + 1..] {
                    assert_ne!(draw(*a, view), draw(*b, view), "{a:?} and {b:?} {view:?}");
                }
            }
        }
        let (suv, sedan) = (end_profile(Shape::Suv), end_profile(Shape::Sedan));
        assert!(
            suv.roof + 50 < sedan.roof,
            "an SUV's roof is well above a sedan's"
        );
        assert!(
            430 - suv.bottom > 2 * (430 - sedan.bottom),
            "an SUV has more ground clearance"
        );
        assert!(side_parts(Shape::Suv).3 > side_parts(Shape::Sedan).3);
        assert_eq!(Shape::of(VehicleCategory::Cars, "SUV"), Shape::Suv);
    }

    #[test]
    fn spin_frames_are_numbered_from_one() {
        let frame = SpinFrame {
            shape: Shape::Ute,
            colour: "Glacier White",
            hex: "#ffffff",
            frame: 0,
        };
        assert_eq!(frame.file_name(), "spin-ute-glacier-white-01.svg");
        assert!(spin_svg(&frame).starts_with("<svg"));
    }
}
