// Each stage of the grounding layer is one module; add one export line per module.
