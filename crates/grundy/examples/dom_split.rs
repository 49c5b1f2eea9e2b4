use grundy::games::domineering_outcome::DomineeringSolver;
use grundy::partizan::{RegionSolver, ResultTable};
use std::sync::Arc;
fn main() {
    let (r, c) = (7u32, 7u32);
    let full = (1u128 << (r * c)) - 1;
    // V's move at (0,1),(1,1)
    let after = full & !(1u128 << 1) & !(1u128 << (c + 1));
    let table = Arc::new(ResultTable::new(1 << 22));
    let t = std::time::Instant::now();
    let mut s = DomineeringSolver::new(Arc::clone(&table), r as u8, c as u8, after).unwrap();
    let mut nodes = 0u64;
    let w = s
        .wins(false, 0, false, &mut |n| {
            nodes += n;
            Ok(())
        })
        .unwrap();
    println!("H to move wins: {w}, nodes {nodes}, {:?}", t.elapsed());
    let table = Arc::new(ResultTable::new(1 << 22));
    let t = std::time::Instant::now();
    let mut total = 0u64;
    for row in 0..r {
        for col in 0..c - 1 {
            let pair = 1u128 << (row * c + col) | 1u128 << (row * c + col + 1);
            if after & pair != pair {
                continue;
            }
            let mut s = DomineeringSolver::new(Arc::clone(&table), r as u8, c as u8, after & !pair)
                .unwrap();
            let mut nodes = 0u64;
            let w = s
                .wins(false, 0, true, &mut |n| {
                    nodes += n;
                    Ok(())
                })
                .unwrap();
            total += nodes;
            if !w {
                println!("reply {row},{col} refutes");
            }
        }
    }
    println!("replies: nodes {total}, {:?}", t.elapsed());
}
