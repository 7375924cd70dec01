//! `setNote`'s argument, `{ comment, nags: [n], shapes: [{ color, from, to }] }`, read by hand:
//! serde's deserializer would bring float formatting into the page's wasm (its error messages
//! can name a number it did not expect), some 18 KB gzip for one panel's input.

use grolman::{Note, Shape, ShapeColor, Square};
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;

fn field(object: &JsValue, name: &str) -> Result<JsValue, String> {
    if !object.is_object() {
        return Err("expected an object".into());
    }
    let value =
        Reflect::get(object, &JsValue::from_str(name)).map_err(|_| format!("{name} cannot be read"))?;
    Ok(value)
}

fn missing(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

fn list(value: JsValue, name: &str) -> Result<Vec<JsValue>, String> {
    if missing(&value) {
        return Ok(Vec::new());
    }
    if !Array::is_array(&value) {
        return Err(format!("{name} must be a list"));
    }
    Ok(Array::from(&value).iter().collect())
}

fn text(value: JsValue, name: &str) -> Result<String, String> {
    value
        .as_string()
        .ok_or_else(|| format!("{name} must be a string"))
}

fn square(shape: &JsValue, name: &str) -> Result<Square, String> {
    let s = text(field(shape, name)?, name)?;
    Square::parse(&s).ok_or_else(|| format!("\"{s}\" is not a square"))
}

/// The colours by the names `tree()` gives them (ShapeColor's serde names).
fn color(name: &str) -> Result<ShapeColor, String> {
    Ok(match name {
        "green" => ShapeColor::Green,
        "red" => ShapeColor::Red,
        "yellow" => ShapeColor::Yellow,
        "blue" => ShapeColor::Blue,
        _ => {
            return Err(format!(
                "unknown shape colour \"{name}\": use green, red, yellow or blue"
            ))
        }
    })
}

/// The note of a JS object; missing fields are empty. The message names the field at fault.
pub(crate) fn read(value: &JsValue) -> Result<Note, String> {
    let comment = match field(value, "comment")? {
        v if missing(&v) => String::new(),
        v => text(v, "comment")?,
    };
    let nags = list(field(value, "nags")?, "nags")?
        .into_iter()
        .map(|n| {
            n.as_f64()
                .filter(|n| n.fract() == 0.0 && (0.0..=255.0).contains(n))
                .map(|n| n as u8)
                .ok_or_else(|| "a NAG must be a whole number from 0 to 255".to_string())
        })
        .collect::<Result<_, _>>()?;
    let shapes = list(field(value, "shapes")?, "shapes")?
        .iter()
        .map(|shape| {
            Ok(Shape {
                color: color(&text(field(shape, "color")?, "color")?)?,
                from: square(shape, "from")?,
                to: square(shape, "to")?,
            })
        })
        .collect::<Result<_, String>>()?;
    Ok(Note {
        comment,
        nags,
        shapes,
    })
}
