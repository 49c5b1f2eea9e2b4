// Maximum matching of a general graph with LEMON's MaxMatching (Edmonds), reading grundy's
// graph format (n m, then m lines u v, 1-based). Prints "size seconds_for_matching".
#include <lemon/list_graph.h>
#include <lemon/matching.h>
#include <chrono>
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  FILE* f = std::fopen(argv[1], "r");
  if (!f) return 2;
  long n, m;
  if (std::fscanf(f, "%ld %ld", &n, &m) != 2) return 2;
  lemon::ListGraph g;
  g.reserveNode(n);
  g.reserveEdge(m);
  std::vector<lemon::ListGraph::Node> nodes(n);
  for (long i = 0; i < n; ++i) nodes[i] = g.addNode();
  for (long i = 0; i < m; ++i) {
    long u, v;
    if (std::fscanf(f, "%ld %ld", &u, &v) != 2) return 2;
    g.addEdge(nodes[u - 1], nodes[v - 1]);
  }
  auto start = std::chrono::steady_clock::now();
  lemon::MaxMatching<lemon::ListGraph> mm(g);
  mm.run();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d %.3f\n", mm.matchingSize(), secs);
  return 0;
}
