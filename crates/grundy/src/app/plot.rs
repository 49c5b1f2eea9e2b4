//! Pictures of tables with plotters: for one-heap families a chart of G(n) against n (P
//! positions marked, the proved period shaded), for two-dimensional ones a heatmap with
//! labelled axes and a colour bar (P positions black). Text is drawn with DejaVu Sans, shipped
//! in the crate (`assets/fonts`, Bitstream Vera licence), so no system font is needed.
//!
//! ```
//! use grundy::app::plot::plot;
//! use grundy::app::table::{table_report, Family, TableOptions};
//! let family = Family::parse("octal 0.07").unwrap();
//! let report = table_report(&family, &TableOptions { to: Some(100), ..TableOptions::default() }, |_| {}).unwrap();
//! let path = std::env::temp_dir().join(format!("grundy-plot-doc-{}.svg", std::process::id()));
//! plot(&report, &path).unwrap();
//! assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
//! std::fs::remove_file(&path).unwrap();
//! ```

use crate::app::table::TableReport;
use crate::error::{GrundyError, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

/// DejaVu Sans, registered once as plotters' "sans-serif".
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

fn register_font() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // the bytes are a valid font, shipped with the crate
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Draws `report` into `path` (`.svg` or `.png`, chosen by the extension).
pub fn plot(report: &TableReport, path: &Path) -> Result<()> {
    register_font();
    let failed =
        |e: String| GrundyError::Unsupported(format!("cannot draw {}: {e}", path.display()));
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let area = SVGBackend::new(path, (1000, 640)).into_drawing_area();
            draw(report, &area).map_err(failed)?;
            area.present().map_err(|e| failed(e.to_string()))
        }
        Some("png") => {
            let area = BitMapBackend::new(path, (1000, 640)).into_drawing_area();
            draw(report, &area).map_err(failed)?;
            area.present().map_err(|e| failed(e.to_string()))
        }
        _ => Err(GrundyError::Setting {
            setting: crate::error::Setting::Plot,
            message: format!(
                "{}: the file name must end in .svg or .png",
                crate::error::excerpt(&path.display().to_string())
            ),
        }),
    }
}

fn draw<DB: DrawingBackend>(
    report: &TableReport,
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    area.fill(&WHITE).map_err(e)?;
    if let Some(values) = &report.values {
        draw_values(report, values, area).map_err(e)
    } else if let Some(table) = &report.table {
        draw_heatmap(report, table, area).map_err(e)
    } else {
        Ok(())
    }
}

/// Blue for values above 0, red for the P positions.
const VALUE_COLOUR: RGBColor = RGBColor(40, 90, 200);
const P_COLOUR: RGBColor = RGBColor(210, 30, 30);

fn draw_values<DB: DrawingBackend>(
    report: &TableReport,
    values: &[u64],
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let last = values.len().saturating_sub(1).max(1) as u64;
    let top = values.iter().copied().max().unwrap_or(0) + 1;
    let title = format!("{}: G(n) for heaps n = 0 to {last}", report.family);
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(56)
        .build_cartesian_2d(0u64..last + 1, 0u64..top + 1)?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc("Grundy value G(n)")
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 18))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    if let Some(period) = &report.period {
        let from = period.preperiod.min(last + 1);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(from, 0), (last + 1, top + 1)],
                RGBColor(255, 220, 120).mix(0.35).filled(),
            )))?
            .label(format!(
                "periodic from n = {} with period {} (proved)",
                period.preperiod, period.period
            ))
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 6), (x + 14, y + 6)],
                    RGBColor(255, 220, 120).mix(0.6).filled(),
                )
            });
    }
    let radius = if values.len() > 2000 { 1 } else { 3 };
    chart
        .draw_series(
            values
                .iter()
                .enumerate()
                .filter(|(_, &g)| g > 0)
                .map(|(n, &g)| Circle::new((n as u64, g), radius, VALUE_COLOUR.filled())),
        )?
        .label("G(n) > 0: the player to move wins")
        .legend(|(x, y)| Circle::new((x + 7, y), 4, VALUE_COLOUR.filled()));
    chart
        .draw_series(
            values
                .iter()
                .enumerate()
                .filter(|(_, &g)| g == 0)
                .map(|(n, _)| Circle::new((n as u64, 0u64), radius + 1, P_COLOUR.filled())),
        )?
        .label("G(n) = 0: P positions (the player to move loses)")
        .legend(|(x, y)| Circle::new((x + 7, y), 4, P_COLOUR.filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
}

/// A tick label on an axis of cells centred on integers: the integer, or nothing between two.
fn integer_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

/// The colour of value `g` of a heatmap whose largest value is `max`: P positions black, the
/// others along a hue from red (small) to violet (large).
fn heat(g: u64, max: u64) -> RGBColor {
    if g == 0 {
        return BLACK;
    }
    let (r, gg, b) = HSLColor(0.75 * g as f64 / max.max(1) as f64, 0.8, 0.55).rgb();
    RGBColor(r, gg, b)
}

fn draw_heatmap<DB: DrawingBackend>(
    report: &TableReport,
    table: &[Vec<Option<u64>>],
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let rows = table.len() as u64;
    let cols = table.first().map_or(0, Vec::len) as u64;
    let max = table.iter().flatten().flatten().copied().max().unwrap_or(0);
    // Wythoff counts heaps from 0, the rectangles their sides from 1
    let first = u64::from(report.family != "wythoff");
    let (x_desc, y_desc, what) = if report.family == "wythoff" {
        ("heap b", "heap a", "G(a, b)")
    } else {
        ("columns C", "rows R", "G(R x C)")
    };
    let (main, bar) = area.split_horizontally(area.dim_in_pixel().0 as i32 - 150);
    let title = format!(
        "{}: {what} for {} = {first} to {}, {} = {first} to {}",
        report.family,
        y_desc.rsplit(' ').next().unwrap_or("a"),
        first + rows - 1,
        x_desc.rsplit(' ').next().unwrap_or("b"),
        first + cols - 1
    );
    // cells centred on their indices, so that each tick names the cell above or beside it
    let (x0, x1) = (first as f64 - 0.5, (first + cols) as f64 - 0.5);
    let (y0, y1) = (first as f64 - 0.5, (first + rows) as f64 - 0.5);
    let mut chart = ChartBuilder::on(&main)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(60)
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 18))
        .disable_mesh()
        .draw()?;
    chart.draw_series(table.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().map(move |(c, value)| {
            let (x, y) = ((first + c as u64) as f64, (first + r as u64) as f64);
            let colour = value.map_or(RGBColor(200, 200, 200), |g| heat(g, max));
            Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], colour.filled())
        })
    }))?;
    // the colour bar: value 0 (P positions, black) at the bottom up to the largest value
    let mut scale = ChartBuilder::on(&bar)
        .caption("value", ("sans-serif", 16))
        .margin_top(50)
        .margin_bottom(64)
        .margin_left(20)
        .margin_right(70)
        .y_label_area_size(0)
        .right_y_label_area_size(50)
        .build_cartesian_2d(0.0..1.0, -0.5..max as f64 + 0.5)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_label_formatter(&integer_label)
        .label_style(("sans-serif", 14))
        .draw()?;
    scale.draw_series((0..=max).map(|g| {
        let g0 = g as f64;
        Rectangle::new([(0.0, g0 - 0.5), (1.0, g0 + 0.5)], heat(g, max).filled())
    }))?;
    bar.draw(&Text::new(
        "0 (black): P",
        (10, bar.dim_in_pixel().1 as i32 - 40),
        ("sans-serif", 14).into_font(),
    ))?;
    if report.table.iter().flatten().flatten().any(Option::is_none) {
        bar.draw(&Text::new(
            "grey: no position",
            (10, bar.dim_in_pixel().1 as i32 - 22),
            ("sans-serif", 14).into_font(),
        ))?;
    }
    Ok(())
}
