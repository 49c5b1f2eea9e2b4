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

use crate::app::table::partizan::PartizanTableReport;
use crate::app::table::TableReport;
use crate::app::value::ValueReport;
use crate::error::{GrundyError, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
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
    draw_to!(path, (1000, 640), draw, report)
}

/// Draws the outcome classes of a partizan rectangle table into `path` (`.svg` or `.png`): a
/// grid coloured L blue, R red, N yellow, P grey, each cell labelled with its canonical form
/// when it fits.
pub fn plot_partizan_table(report: &PartizanTableReport, path: &Path) -> Result<()> {
    draw_to!(path, (1000, 760), draw_partizan_table, report)
}

/// Draws a thermograph into `path` (`.svg` or `.png`) as CGSuite does: temperature upward,
/// values decreasing to the right, the left and right walls and the mast labelled.
pub fn plot_thermograph(report: &ValueReport, path: &Path) -> Result<()> {
    draw_to!(path, (900, 640), draw_thermograph, report)
}

/// Draws with `$draw($report, &area)` into the file `$path`, an SVG or a PNG by its extension:
/// drawn in memory, then written by [`write_picture`] (so that a failed write is an error).
macro_rules! draw_to {
    ($path:expr, $size:expr, $draw:ident, $report:expr) => {{
        register_font();
        let path: &Path = $path;
        let failed =
            |e: String| GrundyError::Unsupported(format!("cannot draw {}: {e}", path.display()));
        match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => {
                let mut text = String::new();
                {
                    let area = SVGBackend::with_string(&mut text, $size).into_drawing_area();
                    $draw($report, &area).map_err(failed)?;
                    area.present().map_err(|e| failed(e.to_string()))?;
                }
                write_picture(path, text.as_bytes())
            }
            Some("png") => {
                let (width, height) = $size;
                let mut pixels = vec![0u8; width as usize * height as usize * 3];
                {
                    let area = BitMapBackend::with_buffer(&mut pixels, $size).into_drawing_area();
                    $draw($report, &area).map_err(failed)?;
                    area.present().map_err(|e| failed(e.to_string()))?;
                }
                let mut png = Vec::new();
                image::RgbImage::from_raw(width, height, pixels)
                    .ok_or_else(|| failed("the picture's size".into()))?
                    .write_to(
                        &mut std::io::Cursor::new(&mut png),
                        image::ImageOutputFormat::Png,
                    )
                    .map_err(|e| failed(e.to_string()))?;
                write_picture(path, &png)
            }
            _ => Err(GrundyError::Setting {
                setting: crate::error::Setting::Plot,
                message: format!(
                    "{}: the file name must end in .svg or .png",
                    crate::error::excerpt(&path.display().to_string())
                ),
            }),
        }
    }};
}
use draw_to;

/// Writes a picture to `path` as it is named (a plain write, so that `/dev/stdout` works):
/// every write checked, and the file synced where it can be (a pipe or a terminal cannot).
fn write_picture(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let failed = |e: std::io::Error| GrundyError::File {
        path: path.to_path_buf(),
        problem: format!("cannot write the picture: {e}"),
    };
    let mut file = std::fs::File::create(path).map_err(failed)?;
    file.write_all(bytes).map_err(failed)?;
    match file.sync_all() {
        Err(e) if e.kind() != std::io::ErrorKind::InvalidInput => Err(failed(e)),
        _ => Ok(()),
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
                "{}periodic from n = {} with period {}{} ({})",
                if period.saltus > 0 { "arithmetic-" } else { "" },
                period.preperiod,
                period.period,
                if period.saltus > 0 {
                    format!(" and saltus {}", period.saltus)
                } else {
                    String::new()
                },
                if period.proved { "proved" } else { "observed" }
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

/// The colour of an outcome class: L blue, R red, N yellow, P grey.
fn outcome_colour(outcome: &str) -> RGBColor {
    match outcome {
        "L" => RGBColor(70, 120, 220),
        "R" => RGBColor(220, 70, 60),
        "N" => RGBColor(245, 200, 60),
        _ => RGBColor(150, 150, 150),
    }
}

fn draw_partizan_table<DB: DrawingBackend>(
    report: &PartizanTableReport,
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    area.fill(&WHITE).map_err(e)?;
    let (main, legend) = area.split_horizontally(area.dim_in_pixel().0 as i32 - 200);
    let (rows, cols) = (report.rows as f64, report.cols as f64);
    let title = format!(
        "{}: outcome classes of the R x C rectangles, R = 1 to {}, C = 1 to {}",
        report.family, report.rows, report.cols
    );
    // row 1 at the top, as the text table prints it
    let mut chart = ChartBuilder::on(&main)
        .caption(title, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(60)
        .build_cartesian_2d(0.5..cols + 0.5, rows + 0.5..0.5)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc("columns C")
        .y_desc("rows R")
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 18))
        .disable_mesh()
        .draw()
        .map_err(e)?;
    let cells = report.values.iter().zip(&report.outcomes).enumerate();
    chart
        .draw_series(cells.clone().flat_map(|(r, (values, outcomes))| {
            values
                .iter()
                .zip(outcomes)
                .enumerate()
                .map(move |(c, (_, o))| {
                    let (x, y) = (c as f64 + 1.0, r as f64 + 1.0);
                    let colour = o.as_deref().map_or(WHITE, outcome_colour);
                    Rectangle::new(
                        [(x - 0.48, y - 0.48), (x + 0.48, y + 0.48)],
                        colour.filled(),
                    )
                })
        }))
        .map_err(e)?;
    // the canonical forms that fit in their cell
    let (width, _) = main.dim_in_pixel();
    let cell_chars = (width as f64 / cols.max(1.0) / 8.5) as usize;
    let size = if report.cols <= 6 { 15.0 } else { 12.0 };
    chart
        .draw_series(cells.flat_map(|(r, (values, _))| {
            values.iter().enumerate().filter_map(move |(c, v)| {
                let text = v.as_deref().unwrap_or("?");
                (text.chars().count() <= cell_chars).then(|| {
                    let style = ("sans-serif", size)
                        .into_font()
                        .color(&BLACK)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    Text::new(text.to_string(), (c as f64 + 1.0, r as f64 + 1.0), style)
                })
            })
        }))
        .map_err(e)?;
    for (i, (letter, meaning)) in [
        ("L", "Left wins"),
        ("R", "Right wins"),
        ("N", "first player wins"),
        ("P", "second player wins"),
    ]
    .into_iter()
    .enumerate()
    {
        let y = 80 + 34 * i as i32;
        legend
            .draw(&Rectangle::new(
                [(10, y), (34, y + 24)],
                outcome_colour(letter).filled(),
            ))
            .map_err(e)?;
        legend
            .draw(&Text::new(
                format!("{letter}: {meaning}"),
                (42, y + 5),
                ("sans-serif", 14).into_font(),
            ))
            .map_err(e)?;
    }
    if report.stopped.is_some() {
        legend
            .draw(&Text::new(
                "white: past the limit",
                (10, 80 + 34 * 4 + 5),
                ("sans-serif", 14).into_font(),
            ))
            .map_err(e)?;
    }
    Ok(())
}

/// A dyadic written as grundy writes it (`-5/4`), as a float for drawing.
fn dyadic_f64(text: &str) -> f64 {
    match text.split_once('/') {
        Some((n, d)) => n.parse::<f64>().unwrap_or(0.0) / d.parse::<f64>().unwrap_or(1.0),
        None => text.parse().unwrap_or(0.0),
    }
}

fn draw_thermograph<DB: DrawingBackend>(
    report: &ValueReport,
    area: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    area.fill(&WHITE).map_err(e)?;
    let temperature = dyadic_f64(&report.temperature);
    let mean = dyadic_f64(&report.mean);
    let points = |wall: &[[String; 2]]| -> Vec<(f64, f64)> {
        // (value, t) from t = -1 up to the mast's foot
        let mut p: Vec<(f64, f64)> = wall
            .iter()
            .map(|[t, v]| (dyadic_f64(v), dyadic_f64(t)))
            .collect();
        if p.last().is_none_or(|&(_, t)| t < temperature) {
            p.push((mean, temperature));
        }
        p
    };
    let (left, right) = (
        points(&report.thermograph.left),
        points(&report.thermograph.right),
    );
    let top = temperature + (temperature + 1.0).max(1.0) * 0.5;
    let values = left.iter().chain(&right).map(|p| p.0);
    let (lo, hi) = values.fold((mean, mean), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = ((hi - lo) * 0.15).max(0.5);
    let position = crate::error::excerpt(&report.position);
    let canonical = if report.canonical.chars().count() > 40 {
        format!(
            "{}...",
            report.canonical.chars().take(40).collect::<String>()
        )
    } else {
        report.canonical.clone()
    };
    let title = format!("Thermograph of {position} = {canonical}");
    // values decrease to the right, as CGSuite draws them: the x axis runs from hi to lo
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 20))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(60)
        .build_cartesian_2d(hi + pad..lo - pad, -1.0..top)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc("value (decreasing to the right)")
        .y_desc("temperature t")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(e)?;
    let wall_style = ShapeStyle::from(&RGBColor(30, 60, 160)).stroke_width(3);
    chart
        .draw_series(LineSeries::new(left.clone(), wall_style))
        .map_err(e)?
        .label("left wall")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], wall_style));
    let right_style = ShapeStyle::from(&RGBColor(180, 40, 40)).stroke_width(3);
    chart
        .draw_series(LineSeries::new(right.clone(), right_style))
        .map_err(e)?
        .label("right wall")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], right_style));
    let mast_style = ShapeStyle::from(&BLACK).stroke_width(3);
    chart
        .draw_series(LineSeries::new(
            vec![(mean, temperature), (mean, top)],
            mast_style,
        ))
        .map_err(e)?
        .label(format!(
            "mast: mean {}, temperature {}",
            report.mean, report.temperature
        ))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], mast_style));
    // the stops, where the walls meet t = 0: Left's left of its wall, Right's right of its own
    for (v, what, side) in [
        (&report.left_stop, "left stop", HPos::Right),
        (&report.right_stop, "right stop", HPos::Left),
    ] {
        let x = dyadic_f64(v);
        let style = ("sans-serif", 13)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(side, VPos::Bottom));
        chart
            .draw_series([Circle::new((x, 0.0), 4, BLACK.filled())])
            .map_err(e)?;
        chart
            .draw_series([Text::new(format!(" {what} {v} "), (x, 0.0), style)])
            .map_err(e)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(e)?;
    Ok(())
}
