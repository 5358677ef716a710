package demo

import "image/color"

// Palettes of the scenes: dawn and dusk light, one or two per sport, so a page of events does
// not look like one picture repeated.
var (
	amanhecerUrbano = palette{
		sky: []color.RGBA{hex("#1d2b64"), hex("#7b3f8c"), hex("#f0647a"), hex("#ffb56b")},
		sun: hex("#ffe7a8"), far: hex("#6b3f78"), mid: hex("#3b2553"), near: hex("#1f1733"),
		figure: hex("#120c20"), accent: hex("#ffb347"),
	}
	noiteUrbana = palette{
		sky: []color.RGBA{hex("#0b1230"), hex("#1d2f6f"), hex("#4256a8"), hex("#f08a5d")},
		sun: hex("#ffd9a0"), far: hex("#2c3a7a"), mid: hex("#1b2452"), near: hex("#10142e"),
		figure: hex("#070a18"), accent: hex("#ffd166"),
	}
	serraVerde = palette{
		sky: []color.RGBA{hex("#12374a"), hex("#2e7d7a"), hex("#9cc7a4"), hex("#f6d08a")},
		sun: hex("#fff0c2"), far: hex("#5f9c8e"), mid: hex("#2f6b5e"), near: hex("#1d4a3f"),
		figure: hex("#0c231e"), accent: hex("#e3b77c"),
	}
	estradaDourada = palette{
		sky: []color.RGBA{hex("#173a6e"), hex("#3f78c2"), hex("#f0a35e"), hex("#ffd27f")},
		sun: hex("#fff3c4"), far: hex("#8a7bb0"), mid: hex("#4e6d8f"), near: hex("#2a4a3a"),
		figure: hex("#0f1a14"), accent: hex("#ffffff"),
	}
	entardecerRoxo = palette{
		sky: []color.RGBA{hex("#2a1650"), hex("#6a2c7a"), hex("#e0645c"), hex("#ffc46b")},
		sun: hex("#ffe3a0"), far: hex("#7e4a7e"), mid: hex("#4a2c5c"), near: hex("#2b1a3a"),
		figure: hex("#140b1e"), accent: hex("#ffcf5a"),
	}
	marAberto = palette{
		sky: []color.RGBA{hex("#0e2a5a"), hex("#2a6fb0"), hex("#f4a96a"), hex("#ffd98f")},
		sun: hex("#fff4cf"), far: hex("#3a6f9c"), mid: hex("#2b557a"), near: hex("#23343f"),
		figure: hex("#0a141c"), accent: hex("#ffd166"),
		water: hex("#2f6f9e"), waterDeep: hex("#0d2f52"),
	}
	manhaClara = palette{
		sky: []color.RGBA{hex("#2f6db5"), hex("#5fa3d9"), hex("#a9d4e8"), hex("#f3e3b0")},
		sun: hex("#fffbe6"), far: hex("#7fa9c4"), mid: hex("#4f8a6e"), near: hex("#2f5e45"),
		figure: hex("#10261c"), accent: hex("#ffffff"),
	}
	tardeQuente = palette{
		sky: []color.RGBA{hex("#3a1c4a"), hex("#a23b5c"), hex("#f2784b"), hex("#ffc36b")},
		sun: hex("#fff0b8"), far: hex("#b0546a"), mid: hex("#6e2d4a"), near: hex("#351a2b"),
		figure: hex("#1a0c16"), accent: hex("#ffd27a"),
	}
)
