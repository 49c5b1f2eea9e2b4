use grundy::games::domineering_outcome::DomineeringSolver;
use grundy::partizan::{RegionSolver, ResultTable};
use std::sync::Arc;
fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (r, c) = (args[0], args[1]);
    let entries = args.get(2).copied().unwrap_or(1 << 22) as usize;
    let table = Arc::new(ResultTable::new(entries));
    let full = if r * c == 128 {
        u128::MAX
    } else {
        (1u128 << (r * c)) - 1
    };
    for left in [true, false] {
        let t = std::time::Instant::now();
        let mut s = DomineeringSolver::new(Arc::clone(&table), r as u8, c as u8, full).unwrap();
        let mut nodes = 0u64;
        let w = s
            .wins(false, 0, left, &mut |n| {
                nodes += n;
                Ok(())
            })
            .unwrap();
        println!(
            "{r}x{c} {} first: {} nodes {nodes} {:.2?} stored {}",
            if left { "V" } else { "H" },
            if w { "wins" } else { "loses" },
            t.elapsed(),
            table.stored()
        );
        println!(
            "  bounds {} hits {} won at 1st {} 2nd {} later {} lost {}",
            s.stats[0], s.stats[1], s.stats[2], s.stats[3], s.stats[4], s.stats[5]
        );
    }
}
