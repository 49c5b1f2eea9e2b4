use grundy::budget::Budget;
use grundy::games::board::Board;
use grundy::games::cram::Cram;
use grundy::solve::nimber_search::NimberSearch;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (r, c): (u64, u64) = (a[1].parse().unwrap(), a[2].parse().unwrap());
    let threads: usize = a.get(3).map_or(1, |t| t.parse().unwrap());
    let endgame: u32 = a.get(4).map_or(99, |t| t.parse().unwrap());
    let b = Board::empty(r, c, 128).unwrap();
    let b = Board {
        bits: b.full(),
        ..b
    };
    let part = b.least_image(b.bits);
    let budget = Budget::new(20_000_000);
    let mut s = NimberSearch::new(Cram, budget.clone()).with_threads(threads);
    if endgame != 99 {
        let t = Instant::now();
        let mut v = Vec::new();
        use grundy::solve::nimber_search::ComponentGame;
        Cram.components_up_to(endgame, &mut v);
        eprintln!("list {} in {:?}", v.len(), t.elapsed());
        let t = Instant::now();
        let e = grundy::solve::nimber_endgame::Endgame::build(&Cram, endgame, &budget)
            .unwrap()
            .unwrap();
        eprintln!(
            "endgame {} cells: {} entries in {:?}",
            endgame,
            e.len(),
            t.elapsed()
        );
        s = s.with_endgame(std::sync::Arc::new(e));
    }
    let t = Instant::now();
    let v = s.nimber(part).unwrap();
    println!("{r}x{c} = *{v} in {:?} {:?}", t.elapsed(), s.stats());
}
#[allow(dead_code)]
fn grow() {}
