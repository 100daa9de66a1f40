"""Running simulations beyond one machine. ``ray_sim``: batches of games as Ray tasks.

Needs the ``[ray]`` extra; nothing else in Turnkeeper imports this package unless asked to
(``turnkeeper ptcg simulate --ray ...``). See docs/env.md, "Simulation on Ray".
"""
