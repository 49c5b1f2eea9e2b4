//! Pictures of tables with plotters: a scatter of G(n) for one-heap families, a heatmap for
//! two-dimensional ones (P positions, value 0, in black).

use crate::error::{GrundyError, Result};
use crate::table::TableReport;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// Draws `report` into `path` (`.svg` or `.png`, chosen by the extension).
pub fn plot(report: &TableReport, path: &Path) -> Result<()> {
    let failed =
        |e: String| GrundyError::Unsupported(format!("cannot draw {}: {e}", path.display()));
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let area = SVGBackend::new(path, (900, 600)).into_drawing_area();
            draw(report, &area).map_err(failed)?;
            area.present().map_err(|e| failed(e.to_string()))
        }
        Some("png") => {
            let area = BitMapBackend::new(path, (900, 600)).into_drawing_area();
            draw(report, &area).map_err(failed)?;
            area.present().map_err(|e| failed(e.to_string()))
        }
        _ => Err(GrundyError::Unsupported(format!(
            "--plot {}: the file name must end in .svg or .png",
            path.display()
        ))),
    }
}

fn draw<DB: DrawingBackend>(
    report: &TableReport,
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    area.fill(&WHITE).map_err(e)?;
    let (width, height) = area.dim_in_pixel();
    let (w, h) = (width as f64, height as f64);
    if let Some(values) = &report.values {
        // a scatter of G(n): n across, G(n) up
        let max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
        let n = values.len().max(2) as f64 - 1.0;
        let margin = 20.0;
        for (i, &g) in values.iter().enumerate() {
            let x = margin + (w - 2.0 * margin) * i as f64 / n;
            let y = h - margin - (h - 2.0 * margin) * g as f64 / max;
            let style = if g == 0 { RED.filled() } else { BLUE.filled() };
            area.draw(&Circle::new((x as i32, y as i32), 2, style))
                .map_err(e)?;
        }
    } else if let Some(table) = &report.table {
        // a heatmap: one cell per position, hue by value, P positions black, gaps grey
        let rows = table.len().max(1) as f64;
        let cols = table.first().map_or(1, Vec::len).max(1) as f64;
        let max = table
            .iter()
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        for (r, row) in table.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                let x0 = (w * c as f64 / cols) as i32;
                let y0 = (h * r as f64 / rows) as i32;
                let x1 = (w * (c + 1) as f64 / cols).ceil() as i32;
                let y1 = (h * (r + 1) as f64 / rows).ceil() as i32;
                let colour = match value {
                    None => RGBColor(200, 200, 200),
                    Some(0) => BLACK,
                    Some(g) => {
                        let hsl = HSLColor(0.75 * (*g as f64 / max), 0.8, 0.55);
                        let (r, g, b) = hsl.rgb();
                        RGBColor(r, g, b)
                    }
                };
                area.draw(&Rectangle::new([(x0, y0), (x1, y1)], colour.filled()))
                    .map_err(e)?;
            }
        }
    }
    Ok(())
}
