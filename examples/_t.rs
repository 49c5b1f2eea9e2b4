fn main() {
    let path = std::env::args().nth(1).unwrap();
    let t = std::time::Instant::now();
    let g = grundy::loopy::read_game_graph(std::fs::File::open(&path).unwrap()).unwrap();
    eprintln!("read+build {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let r = g.retrograde(grundy::Convention::Normal);
    eprintln!("retro {:?} {:?}", t.elapsed(), r.counts());
    let t = std::time::Instant::now();
    let c = g.is_cyclic();
    eprintln!("cyclic {:?} {c}", t.elapsed());
    let t = std::time::Instant::now();
    let gg = g.loopy_grundy();
    eprintln!("gamma {:?} {:?}", t.elapsed(), gg.max_finite());
}
