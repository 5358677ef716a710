package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"pelotao/internal/store"
)

// pixUnmatchedCommand runs `pelotao pix-sem-cobranca` for the company's operators: the last daily
// reconciliation and the Pix the company's key received that no charge of ours names (paid to
// the key by hand). They belong to no event, so no organizer's Financeiro shows them
// (docs/architecture.md, "Reconciliation"); here they are listed, never lost.
func pixUnmatchedCommand(stdout io.Writer) error {
	ctx := context.Background()
	cfg, st, err := openConfiguredStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	c, err := st.PixCheck(ctx, "")
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintln(stdout, "no daily reconciliation has finished yet")
		return nil
	}
	if err != nil {
		return err
	}
	t := c.BySituacao[store.PixAttention]
	fmt.Fprintf(stdout, "reconciliation of %s (Pix received %s to %s, finished %s): %d Pix with no charge of ours, R$ %s\n",
		c.Day, c.Start.In(cfg.Location).Format(time.RFC3339), c.End.In(cfg.Location).Format(time.RFC3339),
		c.Done.In(cfg.Location).Format(time.RFC3339), t.Quantidade, t.Valor)
	for _, p := range c.Attention {
		fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\n", p.Horario.In(cfg.Location).Format(time.RFC3339), p.Valor, p.EndToEndID, p.Motivo)
	}
	if t.Quantidade > len(c.Attention) {
		fmt.Fprintf(stdout, "… and %d more\n", t.Quantidade-len(c.Attention))
	}
	return nil
}
