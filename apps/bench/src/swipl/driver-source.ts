// The Prolog side of the swipl baseline, written to a temporary file next to the translated rules.
export const DRIVER_SOURCE = `% The gdl-perf random playout loop and a fixed-depth node count, over a plain translation of the rules
% (t/1 = true, d/2 = does, g_<name>_<arity> = the game's relations). Reads commands on stdin, one answer
% line per command on stdout:
%   run(Ms, Seed).   -> "States Playouts Millis": random playouts from the initial state for Ms ms,
%                       every visited state counted, each playout's initial state included
%   perft(Depth).    -> "Nodes": the full game tree to Depth joint moves from the initial state

:- initialization(main, main).

main :-
    format("ready~n"), flush_output,
    repeat,
    read_term(Command, []),
    (   Command == end_of_file -> halt
    ;   once(command(Command)), flush_output, fail
    ).

command(run(Ms, Seed)) :-
    set_random(seed(Seed)),
    initial_state(S0),
    get_time(T0), End is T0 + Ms / 1000,
    run_loop(S0, End, 0, 0, States, Playouts),
    get_time(T1), Took is round((T1 - T0) * 1000),
    format("~w ~w ~w~n", [States, Playouts, Took]).
command(perft(Depth)) :-
    initial_state(S0),
    perft(S0, Depth, Nodes),
    format("~w~n", [Nodes]).

initial_state(S) :- findall(F, g_init_1(F), Fs), sort(Fs, S).

set_state(S) :- retractall(t(_)), forall(member(F, S), assertz(t(F))).

next_state(S) :- findall(F, g_next_1(F), Fs), sort(Fs, S).

roles(Rs) :- findall(R, g_role_1(R), Rs).

run_loop(S0, End, St0, P0, St, P) :-
    get_time(T),
    (   T >= End -> St = St0, P = P0
    ;   set_state(S0), playout(1, N), St1 is St0 + N, P1 is P0 + 1,
        run_loop(S0, End, St1, P1, St, P)
    ).

% One random playout from the asserted state; N counts the visited states.
playout(N0, N) :-
    (   g_terminal_0
    ->  roles(Rs), forall(member(R, Rs), ignore(g_goal_2(R, _))), N = N0
    ;   roles(Rs),
        findall(R-M, (member(R, Rs), random_legal(R, M)), Joint),
        retractall(d(_, _)),
        forall(member(R-M, Joint), assertz(d(R, M))),
        next_state(S),
        retractall(d(_, _)),
        set_state(S),
        N1 is N0 + 1,
        playout(N1, N)
    ).

random_legal(R, M) :-
    findall(M0, g_legal_2(R, M0), L), sort(L, Ms),
    length(Ms, Len), Len > 0,
    I is random(Len), nth0(I, Ms, M).

perft(S, D, N) :-
    set_state(S),
    (   D =< 0 -> N = 1
    ;   g_terminal_0 -> N = 1
    ;   roles(Rs),
        findall(R-Ms, (member(R, Rs), findall(M, g_legal_2(R, M), L), sort(L, Ms)), Legal),
        findall(J, joint(Legal, J), Joints),
        D1 is D - 1,
        foldl(child(S, D1), Joints, 1, N)
    ).

joint([], []).
joint([R-Ms|T], [R-M|J]) :- member(M, Ms), joint(T, J).

child(S, D, Joint, A0, A) :-
    set_state(S),
    retractall(d(_, _)),
    forall(member(R-M, Joint), assertz(d(R, M))),
    next_state(S1),
    retractall(d(_, _)),
    perft(S1, D, N),
    A is A0 + N.
`;
