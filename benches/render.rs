//! Rendering the main screen for 8, 64 and 256 boards (aims: < 1 ms, 3 ms, 10 ms a frame).
//!
//! Measures one full frame: building the board rows from the state and drawing into ratatui's
//! buffer (TestBackend, no terminal IO; ratatui's diff then writes only changed cells).

use std::hint::black_box;

use arbiter_core::matchfile::Lang;
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::theme::Theme;
use arbiter_tui::{self, ViewState};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn render_main(c: &mut Criterion) {
    let m = demo_match();
    let mut g = c.benchmark_group("render_main");
    for boards in [8u16, 64, 256] {
        let s = situation(&m, boards);
        for (w, h) in [(80u16, 24u16), (200, 60)] {
            let v = ViewState::new(Lang::De, Theme::default());
            let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
            let mut now = NOW;
            g.bench_function(BenchmarkId::new(format!("{w}x{h}"), boards), |b| {
                b.iter(|| {
                    now += 100;
                    term.draw(|f| arbiter_tui::render(f, &m, &s, &v, black_box(now)))
                        .unwrap();
                })
            });
        }
    }
    g.finish();
}

/// The floor: ratatui's own cost of a frame that draws nothing (clear, diff, backend).
fn blank_frame(c: &mut Criterion) {
    for (w, h) in [(80u16, 24u16), (200, 60)] {
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        c.bench_function(&format!("blank_frame/{w}x{h}"), |b| {
            b.iter(|| {
                term.draw(|f| {
                    black_box(f.area());
                })
                .unwrap();
            })
        });
    }
}

fn time_signature(c: &mut Criterion) {
    let m = demo_match();
    let s = situation(&m, 64);
    c.bench_function("time_signature_64", |b| {
        b.iter(|| arbiter_console::app_loop::time_signature(black_box(&s), black_box(NOW)))
    });
}

criterion_group!(benches, render_main, blank_frame, time_signature);
criterion_main!(benches);
