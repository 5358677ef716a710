#!/usr/bin/env bash
# Results under load: bin/pelotao on a fresh SQLite database, an event with a 30,000-line set
# imported through POST /api/events/{id}/results (timed), then wrk with 50 connections on a page
# of 50 lines: unfiltered, searched, searched and filtered; /healthz as the machine's floor.
# Run `make build` first.
# Usage: scripts/results-load.sh [duration, default 20s]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20s}
dir=$(mktemp -d)
port=$((18000 + RANDOM % 1000))
base="http://127.0.0.1:$port"
PELOTAO_ADDR="127.0.0.1:$port" PELOTAO_DATABASE_URL="sqlite:$dir/p.db" PELOTAO_OUTBOX="$dir/outbox" \
	PELOTAO_BASE_URL="$base" ./bin/pelotao serve >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.2; done

jar="$dir/cookies"
curl -fs -c "$jar" -H 'Content-Type: application/json' -d '{"email":"carga@exemplo.com.br","password":"largada-as-seis","displayName":"Carga"}' \
	"$base/api/auth/signup" >/dev/null
event=$(curl -fs -b "$jar" -H 'Content-Type: application/json' -d '{"titulo":"Maratona de Carga","categoria":"Corrida de Rua",
	"dataEvento":"2026-04-12","local":{"cidade":"São Paulo","estado":"SP"},"largadas":[{"id":"l1","nome":"Geral","horario":"06:00"}],
	"modalidades":[{"nome":"42 km","km":42.195,"largadaId":"l1","percurso":{"tipo":"texto","valor":""}}]}' "$base/api/events" |
	sed -E 's/^\{"id":"([^"]+)".*/\1/')

# 30,000 athletes with names as varied as a big race's, as Excel pt-BR writes the file.
awk 'BEGIN {
	srand(7); split("Ana Maria José João Luiz Antônio Francisca Paulo Carlos Juliana Fernanda Marcos Patrícia Rafael Aline Bruno Camila Diego Letícia Thiago", f, " ")
	split("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Gonçalves Araújo Nascimento", l, " ")
	split("Assessoria Ritmo Forte|Equipe Pé na Estrada|Corredores do Parque|Run Club Centro||", t, "|")
	print "Nº de peito;Nome;Sexo;Categoria;Equipe;Tempo bruto;Tempo líquido;21 km"
	for (i = 0; i < 30000; i++) {
		s = (rand() < 0.4) ? "F" : "M"; sec = 7600 + int(i * 0.6); b = sec + int(rand() * 90)
		printf "%d;%s %s %s;%s;%s%d;%s;%d:%02d:%02d;%d:%02d:%02d;%d:%02d:%02d\n", 10000 + i, f[int(rand()*20)+1], l[int(rand()*18)+1], l[int(rand()*18)+1],
			s, s, 1519 + int(rand()*10)*505, t[int(rand()*6)+1], b/3600, b/60%60, b%60, sec/3600, sec/60%60, sec%60, sec/7200, sec/120%60, sec/2%60
	}
}' >"$dir/resultado.csv"
echo "file: $(wc -l <"$dir/resultado.csv") lines, $(du -h "$dir/resultado.csv" | cut -f1)"
start=$(date +%s.%N)
set_json=$(curl -fs -b "$jar" -F "file=@$dir/resultado.csv" -F percurso="42 km" -F status=oficial "$base/api/events/$event/results")
echo "import of 30,000 lines: $(echo "$(date +%s.%N) - $start" | bc) s → $set_json" | cut -c1-220
set=$(echo "$set_json" | sed -E 's/^\{"id":"([^"]+)".*/\1/')

for q in "limit=50" "limit=50&q=silva" "limit=50&q=ana+gon%C3%A7alves" "limit=50&q=ritmo&sexo=F&categoria=F3034"; do
	url="$base/api/events/$event/results/$set?$q"
	curl -fs "$url" >/dev/null # loads the set into memory, as the first visitor does
	echo "== GET …/results/{setId}?$q (50 connections, $duration)"
	wrk -t2 -c50 -d"$duration" --latency "$url" | grep -E 'Latency|50%|90%|99%|Requests/sec'
done
echo "== GET /healthz, the floor of this machine at this moment (50 connections, $duration)"
wrk -t2 -c50 -d"$duration" --latency "$base/healthz" | grep -E '50%|99%|Requests/sec'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
